"""Training-time code for the ball classifier (rendered and real crops, the ultralytics fit).

Never imported at run time. ``render_crops`` and ``real_crops`` need only numpy and OpenCV; ``fit`` needs the
``train`` extra (ultralytics, torch, onnx) and imports it inside its functions.
"""
