"""Siege's page: the battle scene renderer, the page view and the rules page."""
