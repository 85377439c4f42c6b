"""Ball observations in, Kalman tracks and shot records with sub-frame events out (numpy, scipy, filterpy; no cv2)."""
