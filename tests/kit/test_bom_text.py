"""The kit's bill of materials (bom.txt) read as a person reads it."""

from fabgen.kitbuild.kitfile import load_kit
from fabgen.kitbuild.plan import plan_kit
from fabgen.kitbuild.render import PRODUCTS, bom_text, kit_bom


def test_the_bill_of_materials_counts_the_tile_sheets_the_laser_files_hold(tmp_path):
    """It said "on 1 sheet(s) of 600x400 mm"; the count and its word now follow the
    tiles-sheet files the kit writes."""
    seen = set()
    for sheet in ("600x400", "300x250"):
        kit = tmp_path / f"kit-{sheet}.toml"
        kit.write_text(f'[laser]\nsheet = "{sheet}"\n[stones]\ndesign = "none"\n')
        plan = plan_kit(load_kit(kit))
        files = PRODUCTS[0].render(plan)
        sheets = [n for n in files if n.startswith("laser/tiles-sheet-") and n.endswith(".svg")]
        line = next(x for x in bom_text(kit_bom(plan, files)).splitlines() if "island" in x)
        word = "sheet" if len(sheets) == 1 else "sheets"
        assert line.endswith(f"on {len(sheets)} {word} of {sheet} mm"), line
        seen.add(word)
    assert seen == {"sheet", "sheets"}


def test_stones_per_colour_set_in_the_kit_are_said_as_set(tmp_path):
    """With count = 50 the last line said "stones per colour: 20% of 70 fields, rounded
    up, ...": the board's reason for 14, beside a stones line of 50. A kit that makes no
    stones said the reason without the number (it has no stones line)."""
    from fabgen.kitbuild.render import planned_files

    kit = tmp_path / "kit.toml"
    for count, design in ((0, "disc"), (50, "disc"), (0, "none"), (50, "none")):
        kit.write_text(f'[stones]\ncount = {count}\ndesign = "{design}"\n')
        plan = plan_kit(load_kit(kit))
        lines = bom_text(kit_bom(plan, planned_files(plan))).splitlines()
        stones = [x.split()[1] for x in lines if x.startswith("  stones    ")]
        basis = next(x for x in lines if x.startswith("  stones per colour:"))
        needed = plan.supply.stones_per_player
        rule = f"20% of {plan.supply.fields} fields"
        number = f"{count or needed}" + (" (not made by this kit)" if design == "none" else "")
        assert stones == ([] if design == "none" else [str(count or needed)])
        if count:
            assert basis.startswith(f"  stones per colour: {number}, as the kit sets them (")
            assert f"the board needs about {needed}: {rule}" in basis
        elif design == "none":
            assert basis.startswith(f"  stones per colour: {number}: {rule}")
        else:
            assert basis.startswith(f"  stones per colour: {rule}")
