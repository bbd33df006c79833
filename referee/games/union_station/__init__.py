"""Union Station (Travis D. Hill): rules in /work/shared/rules/union-station.ja.txt."""
