"""Drawings every game shares: SVG ids and styles, label placement, the analysis's graph, the end-of-game charts."""
