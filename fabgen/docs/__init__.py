"""The printed rules: a rule sheet with figures computed by the rules engine, and a
quick reference card (:mod:`fabgen.docs.rulesheet`, :mod:`fabgen.docs.figures`,
wording in ``templates/rulesheet/``)."""
