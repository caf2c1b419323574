"""Documents for people: the printed rules, a rule sheet with figures computed by the
rules engine and a quick reference card (:mod:`fabgen.docs.rulesheet`,
:mod:`fabgen.docs.figures`, wording in ``templates/rulesheet/``). The files made from
them are products (:mod:`fabgen.products.rulesheet`, :mod:`fabgen.products.balance`);
the pictures in docs/ come from :mod:`fabgen.pictures`."""
