"""Small demonstration games that prove the engine protocol; never registered on the site (the build leaves them out)."""
