"""cueref: a computer-vision referee for pool. The app package: command line, pipeline wiring, overlay, server."""

__version__ = "0.1.0"
