"""Documents for people: the printed rules, a rule sheet with figures computed by the
rules engine and a quick reference card (:mod:`fabgen.docs.rulesheet`,
:mod:`fabgen.docs.figures`, wording in ``templates/rulesheet/``); the files of a
balance report (:mod:`fabgen.docs.balance`); the pictures in docs/
that the README and the site show (:mod:`fabgen.docs.pictures`)."""
