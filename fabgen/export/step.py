"""STEP writer: one named part per file, millimetres, byte-identical for identical input.

The product (part) name is the piece name. The file header, which OCCT fills with the
current time and its own version, is set to fixed values through
``APIHeaderSection_MakeHeader``; entity numbering follows the shape's topology, so two
runs on the same solid give the same bytes (tested across processes).
"""

from __future__ import annotations

import os
import tempfile

from fabgen import __version__

#: Written as the STEP header's time stamp instead of the current time.
FIXED_TIMESTAMP = "2000-01-01T00:00:00"
SYSTEM = f"fabgen {__version__}"


def step_bytes(solid, name: str, description: str = "") -> bytes:
    """The solid as an AP214 STEP file whose single product is called ``name``."""
    from OCP.APIHeaderSection import APIHeaderSection_MakeHeader
    from OCP.IFSelect import IFSelect_ReturnStatus
    from OCP.Interface import Interface_Static
    from OCP.STEPCAFControl import STEPCAFControl_Writer
    from OCP.STEPControl import STEPControl_StepModelType
    from OCP.TCollection import TCollection_HAsciiString

    doc = _named_document(solid, name)
    Interface_Static.SetCVal_s("write.step.schema", "AP214IS")
    Interface_Static.SetCVal_s("xstep.cascade.unit", "MM")
    Interface_Static.SetCVal_s("write.step.unit", "MM")
    Interface_Static.SetIVal_s("write.surfacecurve.mode", 1)
    Interface_Static.SetIVal_s("write.precision.mode", 0)
    writer = STEPCAFControl_Writer()
    writer.SetNameMode(True)
    writer.SetColorMode(False)
    writer.SetLayerMode(False)
    if not writer.Transfer(doc, STEPControl_StepModelType.STEPControl_AsIs):
        raise RuntimeError(f"{name}: STEP transfer failed")

    header = APIHeaderSection_MakeHeader(writer.ChangeWriter().Model())
    text = TCollection_HAsciiString
    header.SetName(text(f"{name}.step"))
    header.SetTimeStamp(text(FIXED_TIMESTAMP))
    header.SetAuthorValue(1, text("fabgen"))
    header.SetOrganizationValue(1, text("fabgen"))
    header.SetOriginatingSystem(text(SYSTEM))
    header.SetPreprocessorVersion(text(SYSTEM))
    header.SetAuthorisation(text(""))
    header.SetDescriptionValue(1, text(description or name))

    fd, path = tempfile.mkstemp(suffix=".step")
    os.close(fd)
    try:
        if writer.Write(path) != IFSelect_ReturnStatus.IFSelect_RetDone:
            raise RuntimeError(f"{name}: STEP write failed")
        with open(path, "rb") as handle:
            return handle.read()
    finally:
        os.unlink(path)


def _named_document(solid, name: str):
    from OCP.TCollection import TCollection_ExtendedString
    from OCP.TDataStd import TDataStd_Name
    from OCP.TDocStd import TDocStd_Document
    from OCP.XCAFApp import XCAFApp_Application
    from OCP.XCAFDoc import XCAFDoc_DocumentTool

    app = XCAFApp_Application.GetApplication_s()
    doc = TDocStd_Document(TCollection_ExtendedString("MDTV-XCAF"))
    app.InitDocument(doc)
    shapes = XCAFDoc_DocumentTool.ShapeTool_s(doc.Main())
    label = shapes.AddShape(solid.wrapped, False)
    TDataStd_Name.Set_s(label, TCollection_ExtendedString(name))
    return doc


def read_step(data: bytes):
    """Read STEP bytes back into a CadQuery shape (for checks and tests)."""
    import cadquery as cq

    fd, path = tempfile.mkstemp(suffix=".step")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        return cq.importers.importStep(path).val()
    finally:
        os.unlink(path)
