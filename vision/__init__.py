"""Frames in, table geometry and ball observations (table frame, metres) out. OpenCV lives here and only here.

Submodules import cv2 themselves; ``vision.geometry`` and ``vision.types`` stay free of it so tracking can use them.
"""
