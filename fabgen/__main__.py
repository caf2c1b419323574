from fabgen.cli import main

main(prog_name="fabgen")
