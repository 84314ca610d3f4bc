"""The parts of ``wallrush.distributed`` (which needs Ray): perft, match, selfplay, the
progress line and the start of Ray."""
