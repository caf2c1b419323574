"""Writers: render the neutral drawing model and solids into the files makers open."""
