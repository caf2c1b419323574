"""Board presets, kit defaults and rule-sheet text shipped with fabgen."""
