"""The rule sheet product: the PDFs per paper read back, and the kit's as
``fabgen rulesheet`` prints them."""

import io

import pdfplumber
import pytest

from fabgen.errors import ParameterError
from fabgen.products.rulesheet import paper_setting, rulesheet_files

SIZES_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}


def page_sizes(data: bytes) -> set[tuple[float, float]]:
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return {
            tuple(sorted((round(p.width * 25.4 / 72, 1), round(p.height * 25.4 / 72, 1))))
            for p in pdf.pages
        }


def test_a_rule_sheet_and_a_quick_reference_on_letter():
    made = rulesheet_files("letter")
    assert sorted(made.files) == ["quickref-letter.pdf", "rulesheet-letter.pdf"]
    for data in made.files.values():
        assert page_sizes(data) == {SIZES_MM["letter"]}
    with pdfplumber.open(io.BytesIO(made.files["rulesheet-letter.pdf"])) as pdf:
        assert "Atlantis" in pdf.pages[0].extract_text()
    assert made.report is None


def test_an_unknown_paper_names_the_setting():
    with pytest.raises(ParameterError) as caught:
        rulesheet_files("a3")
    assert caught.value.parameter == "paper"


def test_the_paper_setting_of_a_kit():
    assert paper_setting(("a4", "letter")) == "both"
    assert paper_setting(("letter",)) == "letter"


def test_the_kit_prints_the_rules_as_fabgen_rulesheet_does(cli, tmp_path, kit_files):
    result = cli("rulesheet", "--out", tmp_path)  # templates/kit.toml: both papers
    assert result.exit_code == 0, result.output
    written = sorted(tmp_path.iterdir())
    assert len(written) == 4
    for path in written:
        assert path.read_bytes() == kit_files[f"print/{path.name}"], path.name
