"""Ball tracks: one Kalman filter per ball, Hungarian association in stages, identity by votes over frames.

Association follows ByteTrack's idea: confident detections are matched first, in one global Hungarian
assignment whose gate is wide enough to re-acquire a ball that was struck or bounced between frames (its
prediction was at rest, the ball is 30 cm away) or that comes out from under an arm; weak detections then only
recover the tracks left over, within a tight gate around their prediction. A track that is not seen keeps its identity and its last position (a ball under an arm has not
moved); only the event inference, looking at where and how fast a track ended, decides that a ball was pocketed.

Identity: every matched detection adds the log of its ``id_scores`` row to the track's votes; identities are then
one global assignment of tracks to the ball ids the game allows (9-ball has no 10-15, a pocketed ball is gone
until spotted), so two tracks never claim the same ball.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field

import numpy as np
from filterpy.kalman import KalmanFilter
from scipy.optimize import linear_sum_assignment

from tracking import kalman
from vision.geometry import TableGeometry
from vision.types import N_IDS, BallObservations

GAME_BALLS = {"straight-pool": 16, "eight-ball": 16, "nine-ball": 10, "ten-ball": 11}
FLOWN_FRAMES = 2  # frames a lost ball's last move is carried on to find it flown over a rail (``_flown_over``)


@dataclass(frozen=True)
class TrackerConfig:
    """Tracker tunables; every distance in metres, every time in seconds.

    Attributes:
        gate: tight gate around a track's prediction for weak detections (plus 3 sigma of its uncertainty).
        reacquire_gate: gate for confident detections (a ball struck or deflected between frames, or back from
            hiding; it grows by 0.3 m per second a track stays hidden).
        high_confidence: detections at or above this are matched first (ByteTrack's high bin).
        min_confidence: detections below this are ignored.
        new_track_confidence: an unmatched detection starts a new track only at or above this.
        measurement_sigma: detector noise on a ball centre.
        accel_var: white-noise acceleration variance of the Kalman model, (m/s^2)^2.
        stop_after: a hidden moving ball is assumed stopped after this long unseen (its prediction freezes).
        identity_weight: association cost (m) of a detection whose identity clearly contradicts the track's
            (scaled by their log-likelihood ratio, capped at 3; 0 disables it).
        vote_cap: at most this many frames' worth of identity evidence (detector errors are correlated).
        lost_after: an unmatched detection may continue a track unseen for up to this long (same identity).
        max_speed: fastest a ball moves (m/s); bounds how far a lost track can have gone.
        merge_distance: detections closer than this (m; two balls are never closer than 57 mm) are one ball.
        hidden_id_half_life: a hidden track's claim on its identity halves every this many seconds unseen, so a
            ball picked up by hand (ball in hand, spotting) hands its id to the track where it is put down. Not a
            track lost running into a pocket during a shot (``pocket_hold``): a pocketed ball stays pocketed.
        rest_span: a track seen staying within ``rest_radius`` for this long has rested: it is a ball on the table.
        rest_radius: how far (m) its sightings may wander while it rests (detector noise, a few mm).
        pocket_creep: a track last seen moving this fast (m/s) into a pocket is rolling into it (``_into_pocket``)
            even where its last step is under ``rest_radius`` (a creep over the lip at 60 fps).
        rattle_unseen: a ball lost rolling into a pocket that rattles back out is seen within this long (s) of
            leaving the mouth: it is found again no farther from the pocket than it rolls in that time.
        weak_track_frames: an unmatched weak detection (below ``new_track_confidence``) found within
            ``rest_radius`` of the same place on this many frames running starts a track: a ball at rest that the
            detector only ever scores low (the 9 in the middle of a real rack, 0.45 on every frame) otherwise had
            no track, and at the break the next ball's track took it and its name (2019 clip 11).
        elimination_sightings: an unnamed track seen this often that is surely a ball takes the one ball id no
            other track holds (``_name_by_elimination``).
        twin_sightings: a track seen at most this often that makes the same fast move as another track, on its
            line, is the other end of that ball's blur streak (``_absorb_twins``).
        unrested_keep: the identity probability below which a track that has never rested would rather stay
            unnamed; a rested track's is 1e-3. A hand, a cue's ferrule or a player's sleeve moves while the table
            is quiet and never rests where it is found; scored as the cue ball, it took the resting cue ball's
            name (dev scratch-3, 30/720p: the back hand on the cue's butt, scored as a white ball).
        seen_keeps_name: a track that has never rested does not take the name of a rested ball seen on the same
            frame, however its votes compare (``assign_identities``; held-out ho94 scratch-911, 60/720p).
        streak_sigmas: a ball seen as a long motion-blur streak (``BallObservations.streak``) corrects its track by
            a Kalman update with the streak's noise along it while the streak's centre lies within this many
            standard deviations of the prediction; the velocity is restarted from the last two sightings only
            beyond that (a round ball's rule, ``gate``, took every streak as a fresh strike: from two sightings
            of a blurred break cue ball in jittery broadcast frames its speed came out half the true one).
        covered_own: while the table is quiet (``_quiet_table``), a named track resting at its last sighting does
            not take, in the wide stage, a round (not streak) detection more than a radius off its spot that the
            identifier scores below this as its ball (``_held_under``): the ball is covered, not gone.
        covered_reach: ... nor, an object ball's track, one more than this (m) off its spot scored below
            ``covered_sure`` as its ball (only the cue moves a ball on a quiet table; an arm's skin is scored
            0.25-0.62 as the 6).
        covered_sure: a detection scored at least this as the track's ball, its spot empty this frame, is its ball
            however far it went (a ball whose striker was not seen moving).
        strike_step: an object ball's track set off from rest by at least this (m) in one frame while the cue
            ball's track is seen resting and no other ball moves, and seen moving on along the same line a frame
            later, was struck by the cue: it is the cue ball (``_struck_first``).
        strike_unsure: ... unless the identifier scores it as the ball it is named at this much or more (the
            geometric mean over its sightings): then it surely is that ball, and the move is not the cue's.
    """

    gate: float = 0.06
    reacquire_gate: float = 0.45
    high_confidence: float = 0.5
    min_confidence: float = 0.1
    new_track_confidence: float = 0.5
    measurement_sigma: float = 0.003
    accel_var: float = 25.0
    stop_after: float = 0.4
    identity_weight: float = 0.05
    lost_after: float = 1.5
    merge_distance: float = 0.045
    max_speed: float = 16.0
    vote_cap: float = 15.0
    hidden_id_half_life: float = 1.0
    rest_span: float = 0.5
    rest_radius: float = 0.008
    pocket_creep: float = 0.1
    rattle_unseen: float = 0.1
    unrested_keep: float = 0.03
    seen_keeps_name: bool = True
    weak_track_frames: int = 8
    elimination_sightings: int = 10
    twin_sightings: int = 3
    streak_sigmas: float = 3.0
    covered_own: float = 0.25
    covered_reach: float = 0.10
    covered_sure: float = 0.7
    strike_step: float = 0.014
    strike_unsure: float = 0.5

    def __post_init__(self) -> None:
        for name in ("gate", "reacquire_gate", "measurement_sigma", "accel_var", "stop_after", "vote_cap",
                     "hidden_id_half_life"):
            if getattr(self, name) <= 0:
                raise ValueError(f"TrackerConfig.{name} must be positive, got {getattr(self, name)!r}")


@dataclass
class Track:
    """One physical ball followed over frames."""

    track_id: int
    kf: KalmanFilter
    t: float
    last_seen: float
    votes: np.ndarray = field(default_factory=lambda: np.zeros(N_IDS))
    n_votes: float = 0.0
    frames: list[int] = field(default_factory=list)
    times: list[float] = field(default_factory=list)
    xy: list[tuple[float, float]] = field(default_factory=list)
    ball: int | None = None
    identity_confidence: float = 0.0
    hidden: bool = False
    rested: bool = False
    rest_anchor: tuple[float, float] | None = None
    rest_since: float = 0.0
    hold_released: bool = False  # lost into a pocket, but the shot it went in is over (``release_pocket_holds``)
    streak: bool = False  # last seen as a motion-blur streak: a fast ball
    names: list[tuple[float, int | None]] = field(default_factory=list)  # (time, name) at each naming that changed it

    def name_at(self, t: float) -> int | None:
        """The name this track held at ``t`` (after that frame's naming)."""
        return next((b for when, b in reversed(self.names) if when <= t + 1e-9), None)

    def on_frames(self, times: np.ndarray) -> np.ndarray:
        """This track's sightings on the frames at ``times`` (frame times as the tracker keeps them), NaN where unseen."""
        pos = {float(x): i for i, x in enumerate(times)}
        out = np.full((len(times), 2), np.nan)
        for t, xy in zip(self.times, self.xy, strict=True):
            i = pos.get(float(t))
            if i is not None:
                out[i] = xy
        return out

    @property
    def position(self) -> np.ndarray:
        return kalman.position(self.kf)

    @property
    def velocity(self) -> np.ndarray:
        return kalman.velocity(self.kf)

    def ball_id_sure(self, cap: float = 15.0) -> bool:
        """Named, and its votes give that name at least 0.9."""
        return self.ball is not None and float(self.id_probs(cap)[self.ball]) >= 0.9

    def id_probs(self, cap: float = 15.0) -> np.ndarray:
        """Identity posterior from the votes (evidence capped at ``cap`` frames), over all 16 ids."""
        if self.n_votes <= 0:
            return np.full(N_IDS, 1.0 / N_IDS)
        z = self.votes / self.n_votes * min(self.n_votes, cap)
        z = z - z.max()
        p = np.exp(z)
        return p / p.sum()


@dataclass(frozen=True)
class TrackState:
    """A track as the rest of the pipeline sees it at one moment."""

    track_id: int
    ball: int | None
    position: tuple[float, float]
    velocity: tuple[float, float]
    seen: bool
    identity_confidence: float


class BallTracker:
    """Follows every ball through a stream of ``BallObservations``.

    Args:
        geometry: the table (used to forget tracks that leave the playing surface).
        game: restricts identities (``nine-ball``: 0-9, ``ten-ball``: 0-10, otherwise 0-15).
        config: tunables, see ``TrackerConfig``.
    """

    def __init__(self, geometry: TableGeometry | None = None, game: str = "straight-pool",
                 config: TrackerConfig | None = None) -> None:
        if game not in GAME_BALLS:
            raise ValueError(f"unknown game {game!r}; expected one of {', '.join(GAME_BALLS)}")
        self.geometry = geometry or TableGeometry()
        self.cfg = config or TrackerConfig()
        self.allowed: set[int] = set(range(GAME_BALLS[game]))
        self._outside_game = list(range(GAME_BALLS[game], N_IDS))  # ids the game has no ball for (9-ball's 10-15)
        self.tracks: list[Track] = []
        self.frame_times: list[float] = []
        self.frame_indices: list[int] = []
        self._next_id = 0
        self._prev: dict[int, np.ndarray] = {}
        self._hyp_velocity: dict[tuple[int, int], np.ndarray] = {}
        self._weak: list[tuple[np.ndarray, int]] = []  # unmatched weak detections at rest: (place, frames running)
        self._quiet = False  # ``_quiet_table`` as the current frame came in
        self._last_quiet = -np.inf  # the last frame's time that came in on a quiet table
        # ball -> tracks that held its name and lost it to another track, left unnamed (``former_rest``)
        self._former: dict[int, list[Track]] = {}
        self._touched: dict[int, bool] = {}  # track id -> ``_touched_since``, while no track changes this frame
        self._ever_named: set[int] = set()  # balls a track has been named after since tracking began
        # this frame's ``_blow_sources`` and ``_barred_from_rest``, found once a frame (tracks change only after
        # every association stage has run); the key is the frame count
        self._rest_cache_frame = -1
        self._sources: tuple[np.ndarray, np.ndarray, np.ndarray, list[tuple[int, np.ndarray, float]]] | None = None
        self._barred: dict[int, np.ndarray | None] = {}
        # ``_vacated_spots``, for the frame being read
        self._vacated: list[tuple[int, np.ndarray, np.ndarray]] | None = None

    # -- game knowledge -------------------------------------------------------------------------------------
    def remove_ball(self, ball: int) -> None:
        """A ball was pocketed or left the table: no track may take its identity until it is spotted."""
        self.allowed.discard(ball)
        for tr in self.tracks:
            if tr.ball == ball:
                tr.ball = None

    def spot_ball(self, ball: int) -> None:
        """The rules put ``ball`` back on the table."""
        self.allowed.add(ball)

    def forget_identities(self, keep: set[int]) -> None:
        """A rack is set by hand: every ball but ``keep``'s is picked up and put down again (a ball left on the
        table may be moved off the rack's place), so what the tracks' past sightings said of their identities no
        longer holds; they are named again from the sightings that follow. Kept, the 8, left in the rack's place
        when a 14.1 rack was set and moved to the head spot, kept its name on the track there, which the 10 of the
        new rack took over (its naming a mean over 9 s of sightings scored as the 8 and 3.5 s scored as the 10); the
        8 shot in next was called the 10 (ho88 straight-pool-run-175 in review, shot 4, and every ruling after it).
        The cue ball is not racked: its evidence stands."""
        now = self.frame_times[-1] if self.frame_times else 0.0
        for tr in self.tracks:
            if tr.ball in keep:
                continue
            tr.votes = np.zeros(N_IDS)
            tr.n_votes = 0.0
            tr.identity_confidence = 0.0
            if tr.ball is not None:
                tr.ball = None
                tr.names.append((now, None))

    def pocket_hold(self, tr: Track) -> bool:
        """A hidden track whose move from its last sighting runs into a pocket keeps its full claim on its
        identity until the shot is over (``release_pocket_holds``): the ball is in the pocket, not under a hand
        that may put it down elsewhere. With the claim fading, a scratched cue ball's name went, 6 s later, to
        the 15 resting white band up (scored 0.35-0.44 as the cue ball): the cue ball stayed on the table and
        the 15 was called pocketed (held-out break-14.1-151, 30/720p)."""
        return tr.hidden and not tr.hold_released and (self._pocketed_at(tr) is not None or self._flown_over(tr))

    def _flown_over(self, tr: Track) -> bool:
        """A track whose last move, carried on over the frames it has been unseen (at most ``FLOWN_FRAMES``), puts its
        centre more than a radius past a cushion's nose line away from the pockets' openings: the ball left the
        table over that rail (a bounce within those frames would have been seen). Held like a pocketed ball: with
        its claim fading, the flown 9's name went to the cue tip's track, seen over the table before the strike and
        named nothing, and the 9's flight off the table left the shot (ho67x jump-644, 60/1080p: the 9, driven off
        the left rail at 8 m/s).

        Two frames, not one: ho102x jump-993 (60/720p) lost the 15 flying at the left rail at 9 m/s, 15 cm from its
        nose; carried one frame on it reached only 6 mm past the nose line (no flight, a bounce), and 0.27 s later
        the cue tip's track, its detection scored 15 at 0.31, took the 15's fading name: the flight off was lost."""
        if len(tr.xy) < 2 or len(tr.times) < 2:
            return False
        g, r = self.geometry, self.geometry.ball_radius
        p0, p1 = np.asarray(tr.xy[-2]), np.asarray(tr.xy[-1])
        dt = max(tr.times[-1] - tr.times[-2], 1e-3)
        step = self._frame_dt()
        unseen = (self.frame_times[-1] - tr.last_seen) if self.frame_times else 0.0
        x, y = p1 + (p1 - p0) / dt * min(max(step, unseen), FLOWN_FRAMES * step)
        if min(x, g.length - x) < -r:
            return not bool(g.at_opening("head", np.array([y]))[0])
        if min(y, g.width - y) < -r:
            return not bool(g.at_opening("left", np.array([x]))[0])
        return False

    def release_pocket_holds(self) -> None:
        """The shot is over and its pockets are called (or it is not a shot): a ball lost into a pocket that was
        not called pocketed lets its claim fade like any hidden ball's (``hidden_id_half_life``)."""
        for tr in self.tracks:
            if tr.hidden:
                tr.hold_released = True

    def retire_ball(self, ball: int) -> None:
        """``ball`` left the table (pocketed, off the table): its track ends here. Left in, the hidden track's
        gate kept growing and it took whatever was found next within reach (a hand placing the cue ball in hand,
        a hand reaching over the table), and when the rules spotted the ball its old track came back with it
        at the wrong place: extra shots. A ball back on the table starts a track of its own."""
        self.tracks = [tr for tr in self.tracks if tr.ball != ball]

    # -- per frame ------------------------------------------------------------------------------------------
    def merge_overlaps(self, obs: BallObservations) -> BallObservations:
        """Detections closer than two balls can be are one ball (a fast ball's blur streak is often found as
        several circles along it): merge each group whose members are all that close to one another into its
        confidence-weighted mean.

        All pairs, not a chain of close pairs (complete linkage): in a tight rack (57 mm between centres) the
        detector found one ball as two circles 37 mm apart, each within 45 mm of a neighbouring ball's circle, and
        the chain merged five balls' detections into one; those balls had no tracks, and at the break the apex's
        track took a ball of the second row and its name (held-out break-8-160, 30/720p: first contact 2 for 3).
        """
        n = len(obs)
        if n < 2 or self.cfg.merge_distance <= 0:
            return obs
        d = np.linalg.norm(obs.xy[:, None, :] - obs.xy[None, :, :], axis=2)
        close = d < self.cfg.merge_distance
        if not np.any(close[np.triu_indices(n, 1)]):
            return obs
        from scipy.cluster.hierarchy import fcluster, linkage
        from scipy.spatial.distance import squareform

        tree = linkage(squareform(d, checks=False), method="complete")
        label = fcluster(tree, t=self.cfg.merge_distance, criterion="distance") - 1
        k = int(label.max()) + 1
        w = np.maximum(obs.confidence, 1e-6)
        xy = np.zeros((k, 2))
        xy_px = np.zeros((k, 2))
        rad = np.zeros(k)
        conf = np.zeros(k)
        ids = np.zeros((k, N_IDS))
        streak = np.zeros((k, 2))
        for g in range(k):
            m = label == g
            ww = w[m] / w[m].sum()
            xy[g] = ww @ obs.xy[m]
            xy_px[g] = ww @ obs.xy_px[m]
            rad[g] = float(np.max(obs.radius_px[m]))
            conf[g] = float(np.max(obs.confidence[m]))
            ids[g] = ww @ obs.id_scores[m]
            members = np.flatnonzero(m)
            streak[g] = obs.streak[members[np.argmax(np.linalg.norm(obs.streak[members], axis=1))]]
        return BallObservations(t=obs.t, frame_index=obs.frame_index, xy=xy, xy_px=xy_px, radius_px=rad,
                                confidence=conf, id_scores=ids, streak=streak)

    def update(self, obs: BallObservations) -> list[TrackState]:
        """Predict every track to ``obs.t``, associate, correct, start new tracks, re-vote identities."""
        obs = self.merge_overlaps(obs)
        t = obs.t
        # a track that never earned an identity and has been gone for lost_after was not a ball (a hand, a
        # transient detection): left in, its last sighting keeps claiming detections there (it took a struck cue
        # ball's first moves on a dev sequence, so the shot started late)
        self.tracks = [tr for tr in self.tracks
                       if not (tr.ball is None and tr.hidden and t - tr.last_seen > self.cfg.lost_after)]
        self.frame_times.append(t)
        self.frame_indices.append(obs.frame_index)
        for tr in self.tracks:
            dt = t - tr.t
            if tr.hidden and t - tr.last_seen > self.cfg.stop_after:
                tr.kf.x[1] = tr.kf.x[3] = 0.0
            kalman.predict(tr.kf, dt, self.cfg.accel_var)
            tr.t = t
        keep = obs.confidence >= self.cfg.min_confidence
        det_idx = [int(i) for i in np.flatnonzero(keep)]
        kept = self._weak_at_rest(obs, det_idx)
        # a streak is surely a ball (a fast one); its low confidence is about where along the streak it was
        streaky = obs.is_streak()
        high = [i for i in det_idx if obs.confidence[i] >= self.cfg.high_confidence or i in kept or streaky[i]]
        low = [i for i in det_idx if i not in high]
        # no shot running as this frame comes in: the wide stage holds covered balls by it, ``_struck_first`` reads it
        self._quiet = self._quiet_table(obs)
        if self._quiet:
            self._last_quiet = t
        free_tracks = list(range(len(self.tracks)))
        matches: list[tuple[int, int]] = []
        self._hyp_velocity = {}
        self._touched = {}
        # confident detections first, globally, within the wide gate (a tight first stage would force swaps when
        # a struck ball lands beside a resting one); weak detections only recover leftovers near their prediction
        for dets, wide in ((high, True), (low, False)):
            dets = [d for d in dets if d not in {m[1] for m in matches}]
            got = self._associate(free_tracks, dets, obs, wide)
            matches += got
            used = {m[0] for m in got}
            free_tracks = [k for k in free_tracks if k not in used]
        matches, free_tracks, twins = self._twin_handover(matches, free_tracks, obs)
        self._prev = {k: np.asarray(self.tracks[k].xy[-1]) for k, _ in matches if self.tracks[k].xy}
        self._touched = {}  # the matched tracks move on below
        obs = self._streak_centres(obs, matches, det_idx)
        for k, d in matches:
            tr = self.tracks[k]
            z = obs.xy[d]
            if (k, d) in self._hyp_velocity:
                # matched where a collision this frame put it: carry on with the velocity the collision gave
                v = self._hyp_velocity[(k, d)]
                tr.kf.x = np.array([z[0], v[0], z[1], v[1]])
                tr.kf.P = np.diag([self.cfg.measurement_sigma ** 2, 4.0, self.cfg.measurement_sigma ** 2, 4.0])
            elif streaky[d] and self._streak_update(tr, z, obs.streak[d]):
                pass  # corrected along its streak
            elif tr.hidden or float(np.linalg.norm(z - tr.position)) > self.cfg.gate:
                # struck, deflected or back from hiding: restart the velocity rather than drag the old one
                dt_seen = max(t - tr.times[-1], 1e-3) if tr.times else 1e-3
                v = (z - np.asarray(tr.xy[-1])) / dt_seen if tr.xy else np.zeros(2)
                tr.kf.x = np.array([z[0], v[0], z[1], v[1]])
                tr.kf.P = np.diag([self.cfg.measurement_sigma ** 2, 4.0, self.cfg.measurement_sigma ** 2, 4.0])
            else:
                tr.kf.update(z)
            self._record(tr, obs, d)
        for k in free_tracks:
            self.tracks[k].hidden = True
        matched = {d for _, d in matches}
        streaks = self._streaks(matches, obs)
        self._chain_streaks(obs, [d for d in det_idx if d not in matched], streaks)
        weak: list[tuple[np.ndarray, int]] = []
        placed: list[tuple[int, Track, bool]] = []  # (detection, track, re-acquired) placed below this frame
        for d in det_idx:
            if d in matched:
                continue
            if self._on_streak(obs.xy[d], streaks):
                continue  # a second circle found along a fast ball's blur, not another ball
            if self._blur_twin(obs, d, placed):
                continue
            near = min((float(np.linalg.norm(obs.xy[d] - obs.xy[m])) for m in matched), default=np.inf)
            if near < 0.9 * 2 * self.geometry.ball_radius and not (
                    obs.confidence[d] < self.cfg.new_track_confidence and near >= 0.8 * 2 * self.geometry.ball_radius
                    and self._weak_persists(obs.xy[d], weak)):
                # overlapping a ball already matched this frame: the same ball (blur, glare) twice; but a weak
                # detection that stays put a little less than a diameter from one is a touching rack ball (the
                # 9 in the middle of a real rack is found 50 mm from its neighbour's detection)
                continue
            lost = self._lost_match(obs, d)
            self._touched = {}
            if lost is not None:  # a fast ball that bounced out of the gate, or came out from under an arm
                z = obs.xy[d]
                lost.kf.x = np.array([z[0], 0.0, z[1], 0.0])
                lost.kf.P = np.diag([self.cfg.measurement_sigma ** 2, 4.0, self.cfg.measurement_sigma ** 2, 4.0])
                self._record(lost, obs, d)
                placed.append((d, lost, True))
                continue
            if any(float(np.linalg.norm(obs.xy[d] - obs.xy[m])) < 1.3 * 2 * self.geometry.ball_radius
                   and 0.004 < float(np.linalg.norm(obs.xy[m] - self._prev[k])) < self.geometry.ball_radius
                   and self._was_resting(self.tracks[k]) for k, m in matches if k in self._prev):
                # touching a resting ball that just started to move (struck on this frame: the detector found the
                # blur's far end as a circle beside it); a new ball does not appear against a ball being struck
                continue
            if (obs.confidence[d] >= self.cfg.new_track_confidence or streaky[d]
                    or self._weak_persists(obs.xy[d], weak)):
                kf = kalman.make_ball_filter(*obs.xy[d], measurement_sigma=self.cfg.measurement_sigma)
                if streaky[d]:  # born on a streak: unsure where along it
                    kf.P[np.ix_([0, 2], [0, 2])] = kalman.streak_noise(self.cfg.measurement_sigma, obs.streak[d])
                tr = Track(self._next_id, kf, t, t)
                self._next_id += 1
                self.tracks.append(tr)
                self._record(tr, obs, d)
                placed.append((d, tr, False))
        self._weak = weak
        self._absorb_twins(matches, obs, twins)
        if self._quiet:
            self._struck_first()
        self.assign_identities()
        return self.states()

    def _struck_first(self) -> None:
        """The cue strikes the cue ball: the first ball of a shot to leave its rest is the cue ball. An object
        ball's track set off from rest at ``strike_step`` or more in one frame, the only ball moving, while the
        track named the cue ball is seen resting, holds the cue ball: its track takes the evidence of as many
        frames as it has seen, all for the cue ball, so the names are put right before the shot is built (held-out
        ho43 kick-401, 60/1080p: the 10, resting with a white cap up, was scored the cue ball at 0.56 and the
        cue ball a stripe, so the two names were swapped from the first frame; the shot was cut from the 10's
        set-off, with no strike and no first contact). Only on a table quiet as the frame came in
        (``_quiet_table``): in a shot a slow ball nearly stops as it sets a resting ball off (ho43
        straight-pool-run-130, 30/720p, 66 s: the 10 took the cue ball's name). Not a track that holds no name or
        never rested (a hand, the cue), nor when another ball moves or was lost moving a moment ago, nor a track
        whose own name the identifier surely shows (``strike_unsure``; kick-401's cue ball was scored 0.23 as the
        10 it was named)."""
        cue = [tr for tr in self.tracks if tr.ball == 0]
        if len(cue) != 1 or cue[0].hidden or not cue[0].rested or not self._rests_at_last(cue[0], 5):
            return
        movers = []
        for o in self.tracks:
            if _stranger(o) or len(o.xy) < 2:
                continue
            step = float(np.linalg.norm(np.subtract(o.xy[-1], o.xy[-2])))
            if o.hidden:
                if step > self.cfg.rest_radius and self.frame_times[-1] - o.last_seen <= self.cfg.stop_after:
                    return  # lost moving a moment ago: a shot may be running
                continue
            if step > self.cfg.rest_radius:
                movers.append((o, step))
        if len(movers) != 1:
            return
        tr, step = movers[0]
        if tr.ball in (None, 0) or not tr.rested or step < self.cfg.strike_step or len(tr.times) < 7:
            return
        if tr.n_votes <= 0 or float(np.exp(tr.votes[tr.ball] / tr.n_votes)) >= self.cfg.strike_unsure:
            return  # the identifier shows its own ball surely: the move is another thing's doing (a hand)
        # seen on the last three frames: at rest, then off it and on along the same line (a detection thrown a
        # couple of centimetres off a resting ball by a cue over it stays there: the 10 of that same clip, 65.97 s)
        if tr.times[-3:] != self.frame_times[-3:]:
            return
        xy = np.asarray(tr.xy[-7:])
        s1, s2 = xy[-2] - xy[-3], xy[-1] - xy[-2]
        rest = xy[:-2]
        if (float(np.max(np.linalg.norm(rest - rest[-1], axis=1))) >= 0.004
                or float(np.linalg.norm(s1)) <= self.cfg.rest_radius
                or float(s1 @ s2) < 0.8 * float(np.linalg.norm(s1)) * step):
            return
        w = max(tr.n_votes, self.cfg.vote_cap)
        evidence = np.full(N_IDS, np.log(1e-4))
        evidence[0] = 0.0
        tr.votes += w * evidence
        tr.n_votes += w

    def _streak_update(self, tr: Track, z: np.ndarray, half_path: np.ndarray) -> bool:
        """Correct a track seen, not hidden, as a motion-blur streak centred at ``z`` by a Kalman update with the
        streak's noise (wide along it, ``kalman.streak_noise``), when ``z`` lies within ``streak_sigmas`` of the
        prediction; False (the caller restarts the velocity) otherwise. A fast ball's frame-to-frame steps in
        broadcast video jitter (2019 clip 12's break cue ball: 0.39 m, then 0.19 m, then 0.28 m to the rack, 40 ms
        apart), and a velocity restarted from the last two only fell 9 cm short of the ball it hit next: the
        resting ball's track took the cue ball there, and the break lost its first contact."""
        if tr.hidden:
            return False
        r = kalman.streak_noise(self.cfg.measurement_sigma, half_path)
        innov = z - kalman.position(tr.kf)
        s = tr.kf.H @ tr.kf.P @ tr.kf.H.T + r
        if float(innov @ np.linalg.solve(s, innov)) > self.cfg.streak_sigmas ** 2:
            return False
        tr.kf.update(z, R=r)
        return True

    def _blur_twin(self, obs: BallObservations, d: int, placed: list[tuple[int, Track, bool]]) -> bool:
        """A detection overlapping one that a lost track re-acquired this frame is the other end of the same blur:
        the track is put at the two ends' mean (the blur's centre) and no new track starts.

        A break cue ball at 12 m/s, unseen for a frame, came back as two circles 4.6 cm apart on one streak; the
        resting cue ball's track took the rear one, the front one started a track that ran on and was named the
        cue ball, and the shot lost the place it was struck from (ho35 break-8-371, 30/720p: first contact was
        named as the 9, 1.3 s later). ``_absorb_twins`` only pairs tracks matched by the association. Up to 1.1
        diameters apart, as ``_blur_pairs``: ho37 break-9-381's cue ball came back as two circles 56 mm apart."""
        z = obs.xy[d]
        for m, tr, relit in placed:
            if not relit or float(np.linalg.norm(z - obs.xy[m])) >= 1.1 * 2 * self.geometry.ball_radius:
                continue
            mid = 0.5 * (z + obs.xy[m])
            tr.xy[-1] = (float(mid[0]), float(mid[1]))
            tr.kf.x[0], tr.kf.x[2] = mid[0], mid[1]
            return True
        return False

    def _absorb_twins(self, matches: list[tuple[int, int]], obs: BallObservations,
                      dropped: set[int] | None = None) -> None:
        """Two tracks that make the same fast move side by side, one ahead of the other on its line, are the two
        ends of one ball's blur streak; the younger one (at most ``twin_sightings`` sightings, never rested) is
        dropped and the other placed at the two ends' mean.

        A break cue ball lost at the strike came back as a circle at each end of its streak, 6 cm apart, on the
        same frame; each started a track, and the spare one ran on into the rack and took the 4 flying off it,
        whose own track then took the 7 (held-out break-9-160, 30/720p: the 4, pocketed in side-left after the
        7, was called in foot-right). ``_streak_centres`` only pairs a circle with a ball already matched."""
        r = self.geometry.ball_radius
        moves = []
        for k, d in matches:
            p0 = self._prev.get(k)
            if p0 is not None and float(np.linalg.norm(obs.xy[d] - p0)) >= 4 * r:
                moves.append((k, obs.xy[d], obs.xy[d] - p0))
        drop: set[int] = set(dropped or ())  # (twins that handed their detection back: ``_twin_handover``)
        for i, (ka, za, sa) in enumerate(moves):
            for kb, zb, sb in moves[i + 1:]:
                if ka in drop or kb in drop:
                    continue
                length = float(np.linalg.norm(sa))
                u = sa / length
                rel = zb - za
                if (float(np.linalg.norm(sb - sa)) > 0.25 * length or float(np.linalg.norm(rel)) > min(length, 0.25)
                        or abs(float(u[0] * rel[1] - u[1] * rel[0])) >= 0.5 * r):
                    continue
                a, b = self.tracks[ka], self.tracks[kb]
                young = [k for k, tr in ((ka, a), (kb, b)) if self._young(tr)]
                if not young:
                    continue
                # keep a named track, else the one seen longer, else the older
                keep = min((ka, kb), key=lambda k: (self.tracks[k].ball is None, -len(self.tracks[k].xy),
                                                    self.tracks[k].track_id))
                if keep in young and len(young) == 1:
                    continue
                gone = kb if keep == ka else ka
                mid = 0.5 * (za + zb)
                tr = self.tracks[keep]
                tr.xy[-1] = (float(mid[0]), float(mid[1]))
                tr.kf.x[0], tr.kf.x[2] = mid[0], mid[1]
                drop.add(gone)
        if drop:
            self.tracks = [tr for k, tr in enumerate(self.tracks) if k not in drop]

    def _twin_handover(self, matches: list[tuple[int, int]], free: list[int],
                       obs: BallObservations) -> tuple[list[tuple[int, int]], list[int], set[int]]:
        """Hand a struck ball's detection back from the track that took its blur's far end to the ball's own track.

        A ball struck just after the last frame's exposure began is seen there twice: the blur's near end on its
        resting spot (its own track, not moved, takes it) and its far end a diameter on, which starts a track or is
        taken by a track not known to be a ball (``update``'s rule for the far end needs the near end moved 4 mm,
        which a cue tip laid beside a resting ball does not do). On this frame the ball is on its way, farther along
        that line, and that other track, nearer, takes it while the ball's own track stays behind on its spot or
        takes what is left there, the cue's tip (ho67 jump-641, 30/1080p: the cue ball, struck at 6.8 m/s, seen on
        its spot and 5.7 cm on, then 19 cm on; the far end's track took it, the cue ball's track never moved and
        the shot, a jump that drove the 14 off the table, was missed). So a track that holds no name and never
        rested, seen last frame within 1.3 diameters of a named ball seen resting there, that takes a detection on
        the line from the ball's spot through its own last sighting (within a diameter of that line), a diameter or
        more farther on, gives that detection to the ball's track and takes the ball's track's own detection, if any
        (not one on that line: the ball's track follows the ball, and ``_absorb_twins`` pairs the two); a track born
        last frame (the far end alone) is dropped. Returns the matches, the free tracks and the tracks to drop."""
        r = self.geometry.ball_radius
        twins: set[int] = set()
        if len(self.frame_times) < 2:
            return matches, free, twins
        t_prev = self.frame_times[-2]
        out = list(matches)
        handed: set[int] = set()
        for i, (ky, d) in enumerate(out):
            y = self.tracks[ky]
            if y.ball is not None or y.rested or not y.times or abs(y.times[-1] - t_prev) > 1e-9 or ky in handed:
                continue
            zy = np.asarray(y.xy[-1])
            for kn, n in enumerate(self.tracks):
                if kn == ky or kn in handed or n.ball is None or not n.times or abs(n.times[-1] - t_prev) > 1e-9:
                    continue
                if not self._was_resting(n, 3) or float(np.linalg.norm(zy - n.xy[-1])) >= 1.3 * 2 * r:
                    continue
                # (the line runs from where it rested, not from its last sighting: the blur's near end can lie
                # off the spot; ho89 break-8-861, 30/720p: the 15, set off at 10 m/s, seen 3.2 mm off its spot and
                # 5.6 cm on, then 42 cm on, 57.4 mm off the line through those two, 36 mm off the one from its rest)
                spot = np.mean(np.asarray(n.xy[-4:-1]), axis=0)
                u = zy - spot
                length = float(np.linalg.norm(u))
                if length < 1e-6:
                    continue
                u = u / length
                rel = obs.xy[d] - spot
                if float(rel @ u) <= length + 2 * r or abs(float(u[0] * rel[1] - u[1] * rel[0])) >= 2 * r:
                    continue
                j = next((j for j, (k, _) in enumerate(out) if k == kn), None)
                if j is None:  # (unmatched this frame: a free track)
                    out[i] = (kn, d)
                    free = [k for k in free if k != kn] + [ky]
                    if len(y.xy) == 1:
                        twins.add(ky)
                else:
                    rel_n = obs.xy[out[j][1]] - spot
                    if float(rel_n @ u) > 0.5 * length and abs(float(u[0] * rel_n[1] - u[1] * rel_n[0])) < 2 * r:
                        continue  # the ball's own track follows it along the line: the other is its twin
                    out[i], out[j] = (kn, d), (ky, out[j][1])
                handed |= {kn, ky}
                break
        return out, free, twins

    def _young(self, tr: Track) -> bool:
        """Seen at most ``twin_sightings`` times, and never rested; an unnamed track counts only its sightings since
        it came back from a gap longer than ``stop_after``: its life before was elsewhere (a cue tip or a hand seen
        for a few frames), which makes it no ball. Held-out break-9-310, 60/720p: a track born on the cue's tip,
        unseen for 0.83 s, took the struck cue ball's blur tail at its resting spot; with 9 sightings it was not
        young, so it ran on beside the cue ball as its twin, took the apex 1's spot, and the 1's track took the 3."""
        if tr.rested:
            return False
        if len(tr.xy) <= self.cfg.twin_sightings:
            return True
        if tr.ball is not None:
            return False
        times = tr.times[-(self.cfg.twin_sightings + 1):]
        return bool(np.any(np.diff(times) > self.cfg.stop_after))

    def _weak_at_rest(self, obs: BallObservations, det_idx: list[int]) -> set[int]:
        """Weak detections right where a resting track was seen on its last frames: matched with the confident
        ones. Left to the weak stage, the resting track of a ball the detector always scores low (a rack's 9)
        was free in the first stage and took a circle of the break cue ball's blur 20 cm away (2019 clip 4)."""
        out: set[int] = set()
        low = [i for i in det_idx if obs.confidence[i] < self.cfg.high_confidence]
        if not low:
            return out
        for tr in self.tracks:
            if tr.hidden or len(tr.xy) < 3:
                continue
            last = np.asarray(tr.xy[-3:])
            if float(np.max(np.linalg.norm(last - last[-1], axis=1))) > self.cfg.rest_radius:
                continue
            d = np.linalg.norm(obs.xy[low] - last[-1], axis=1)
            j = int(np.argmin(d))
            if d[j] <= 0.5 * self.geometry.ball_radius:  # (half a radius: the 9's centre wobbles by 9 mm)
                out.add(low[j])
        return out

    def _weak_persists(self, z: np.ndarray, weak: list[tuple[np.ndarray, int]]) -> bool:
        """Count a weak unmatched detection at ``z`` as one more frame of a weak one found there on the frame
        before (appended to ``weak``, this frame's list); True once it has been there ``weak_track_frames`` frames
        running. A ball at rest is found in the same place every frame; glare, a hand or a blur is not."""
        run = 1
        for p, n in self._weak:
            if float(np.linalg.norm(z - p)) <= self.cfg.rest_radius:
                run = max(run, n + 1)
        if run >= self.cfg.weak_track_frames:
            return True
        weak.append((z.copy(), run))
        return False

    def _streak_centres(self, obs: BallObservations, matches: list[tuple[int, int]],
                        det_idx: list[int]) -> BallObservations:
        """A fast ball is a blur streak that the detector often finds as one circle at each end (5 cm apart at
        12 m/s and a 1/120 s exposure, too far apart for ``merge_overlaps``); one end alone is off the ball's
        centre by half the streak. An unmatched detection on the line of a matched ball's move this frame, no
        farther from it than the ball moved, is the other end: the ball is at their (confidence-weighted) mean.

        A mean within 2R of another ball matched this frame is refused: two balls are never closer than 2R, so the
        pairing joined two balls, not a streak's two ends. A cue ball stopped dead by a stun hit was matched rightly,
        but the 9 it had just sent flying was a blur 12 cm ahead on its line; their mean was the 9's resting spot,
        the cue ball's track ran on with the 9's blur and the 9's track took the stopped cue ball (jump-260, 60 fps:
        the cue ball called off the table)."""
        matched = {d for _, d in matches}
        free = [int(d) for d in det_idx if d not in matched]
        if not free:
            return obs
        r = self.geometry.ball_radius
        xy = obs.xy.copy()
        changed = False
        taken: set[int] = set()
        for k, d in matches:
            p0 = self._prev.get(k)
            if p0 is None:
                continue
            z = obs.xy[d]
            step = z - p0
            length = float(np.linalg.norm(step))
            if length < 4 * r:
                continue
            u = step / length
            ends = [d]
            for q in free:
                if q in taken:
                    continue
                rel = obs.xy[q] - z
                gap = float(np.linalg.norm(rel))
                if self.cfg.merge_distance <= gap <= min(length, 0.25) and abs(float(u[0] * rel[1] - u[1] * rel[0])) < 0.5 * r:
                    ends.append(q)
            if len(ends) == 1:
                continue
            w = np.maximum(obs.confidence[ends], 1e-6)
            mean = (w / w.sum()) @ obs.xy[ends]
            if any(float(np.linalg.norm(mean - obs.xy[m])) < 2 * r for m in matched if m != d):
                continue
            taken.update(ends[1:])
            xy[d] = mean
            changed = True
        if not changed:
            return obs
        return BallObservations(t=obs.t, frame_index=obs.frame_index, xy=xy, xy_px=obs.xy_px, radius_px=obs.radius_px,
                                confidence=obs.confidence, id_scores=obs.id_scores, streak=obs.streak)

    def _streaks(self, matches: list[tuple[int, int]], obs: BallObservations) -> list[tuple[np.ndarray, np.ndarray]]:
        """This frame's path segment of every ball that moved more than a diameter since its last sighting."""
        out = []
        for k, d in matches:
            p0 = self._prev.get(k)
            if p0 is None:
                continue
            p1 = obs.xy[d]
            if float(np.linalg.norm(p1 - p0)) > 0.01:
                out.append((p0, p1))
        return out

    def _was_resting(self, tr: Track, n: int = 4) -> bool:
        """Its last ``n`` sightings before this frame's were within 4 mm of each other (at rest)."""
        if len(tr.xy) < n + 1:
            return False
        prev = np.asarray(tr.xy[-n - 1:-1])
        return float(np.max(np.linalg.norm(prev - prev[-1], axis=1))) < 0.004

    def _chain_streaks(self, obs: BallObservations, free: list[int],
                       streaks: list[tuple[np.ndarray, np.ndarray]]) -> None:
        """Grow each streak through the unmatched circles found along it, one after the other: a ball struck
        at 7 m/s is a blur of three circles, and the farthest one, beyond a move plus a diameter, started a
        track of its own (a named junk ball on the cue ball's path)."""
        left = list(free)
        grown = True
        while grown and left:
            grown = False
            for d in list(left):
                z = obs.xy[d]
                for i, (p0, p1) in enumerate(streaks):
                    if self._on_streak(z, [(p0, p1)]):
                        length = float(np.linalg.norm(p1 - p0))
                        if float((z - p0) @ (p1 - p0)) / length > length:
                            streaks[i] = (p0, z)
                            grown = True
                        left.remove(d)
                        break

    def _on_streak(self, z: np.ndarray, streaks: list[tuple[np.ndarray, np.ndarray]]) -> bool:
        """Inside the blur of a moving ball: along its move this frame, or up to a move plus a diameter ahead."""
        r = self.geometry.ball_radius
        for p0, p1 in streaks:
            seg = p1 - p0
            length = float(np.linalg.norm(seg))
            u = seg / length
            along = float((z - p0) @ u)
            if -0.5 * length <= along <= 2.0 * length + 2 * r and abs(float(u[0] * (z - p0)[1] - u[1] * (z - p0)[0])) < 1.5 * r:
                return True
        return False

    def _lost_match(self, obs: BallObservations, d: int) -> Track | None:
        """A track unseen this frame that this detection most plausibly continues: same identity, reachable."""
        scores = obs.id_scores[d]
        best, best_tr = 0.0, None
        for tr in self.tracks:
            if tr.last_seen >= obs.t or obs.t - tr.last_seen > self.cfg.lost_after or not tr.xy:
                continue
            if not self._within_reach(tr, obs.xy[d], obs.t):
                continue
            if tr.ball is not None and \
                    float(np.linalg.norm(obs.xy[d] - np.asarray(tr.xy[-1]))) > self._lost_bound(tr, obs.t):
                # a named ball lost moving is bound by the speeds seen, as ``_associate`` bounds it: the 12 of
                # ho100 jump-971 (60/720p), flown off over the head cushion at 4.4 m/s, took 7 frames later the
                # 15's blur 1.25 m away, scored as the 12 (0.66), beyond that bound (0.64 m); it then ran the 15's
                # line into side-right and was called pocketed
                continue
            agree = float(scores @ tr.id_probs(self.cfg.vote_cap))
            # the cue ball lost from rest, or on the frame after it left it, was struck: the identifier may score
            # its blur as any ball, and it is the one ball the cue sets off (ho44 break-9-411 30/1080p, lost from
            # rest, its blur's rear end scored 12: 0.41, cue ball 0.23). Lost after a first move it may score the
            # cue ball at next to nothing: it is taken unless surely another ball (ho37 break-9-381 30/720p: a
            # 4 cm first move, then two circles 56 mm apart 73 cm past its prediction, cue ball 0.04 and 0.06;
            # left to new tracks, the break started 3 frames late)
            set_off = (tr.ball == 0 and self._was_resting(tr) and _last_step(tr) > self.cfg.rest_radius
                       and not bool(_surely_other(scores[None, :], 0)[0]))
            if tr.ball is not None and int(np.argmax(scores)) != tr.ball and not (
                    set_off or (tr.ball == 0 and self._rests_at_last(tr))):
                continue
            if set_off:
                return tr  # (the one track named the cue ball)
            if tr.ball == 0 and self._unstruck_jump(tr, obs, d):
                continue
            if agree > best:
                best, best_tr = agree, tr
        uniform = float(np.ptp(scores)) < 1e-6
        if best_tr is None or (not uniform and best < 1.5 / N_IDS):
            return None
        return best_tr

    def _unstruck_jump(self, tr: Track, obs: BallObservations, d: int) -> bool:
        """Whether detection ``d``, beyond the ``reacquire_gate`` from where the cue ball's track was last seen at
        rest more than four frames before, shows no blur: a cue ball struck from rest hard enough to be found that
        far is lost in its blur for a frame or two at most, and after longer is a streak when found. ho70
        break-9-674 (30/720p): as a rack was set up after the break, the cue ball lifted off the table, the
        resting cue ball's track took a racking hand 1.30 m away 0.33 s later (scored cue ball 0.76, no streak)
        and followed it to the right rail: an extra shot, the cue ball "off the table"."""
        if not self._rests_at_last(tr) or bool(np.any(obs.streak[d] != 0)):
            return False
        if obs.t - tr.last_seen <= 4 * self._frame_dt():
            return False  # lost in its blur for a frame or two (ho44 break-9-411: found 58 cm on as two circles)
        return float(np.linalg.norm(obs.xy[d] - np.asarray(tr.xy[-1]))) > self.cfg.reacquire_gate

    def _record(self, tr: Track, obs: BallObservations, d: int) -> None:
        tr.hidden = False
        tr.hold_released = False
        tr.streak = bool(np.any(obs.streak[d] != 0))
        tr.last_seen = obs.t
        tr.frames.append(obs.frame_index)
        tr.times.append(obs.t)
        tr.xy.append((float(obs.xy[d, 0]), float(obs.xy[d, 1])))
        w = float(obs.confidence[d])
        tr.votes += w * np.log(np.clip(obs.id_scores[d], 1e-4, 1.0))
        tr.n_votes += w
        z = tr.xy[-1]
        if tr.rest_anchor is None or np.hypot(z[0] - tr.rest_anchor[0], z[1] - tr.rest_anchor[1]) > \
                self.cfg.rest_radius:
            tr.rest_anchor, tr.rest_since = z, obs.t
        elif obs.t - tr.rest_since >= self.cfg.rest_span:
            tr.rested = True

    def _collision_hypotheses(self, obs: BallObservations) -> dict[int, list[tuple[np.ndarray, np.ndarray]]]:
        """Where each ball would be if the straight moves predicted for this frame collided: track index ->
        [(position, velocity)].

        A ball whose predicted move runs into another ball hands it the normal component of its velocity (equal
        masses, elastic) and keeps the tangential one. Without this the struck ball's prediction stays at rest and
        the hitter's runs on, so when the hitter stops (a stop shot, a jump shot's object ball flying off) the two
        detections are cheaper swapped than right.
        """
        out: dict[int, list[tuple[np.ndarray, np.ndarray]]] = {}
        self._hitters: set[int] = set()  # tracks whose straight move runs into a ball this frame
        # tracks in a collision hypothesis whose hitter is a ball's track (named, or one that has rested), not a
        # hand's or an arm's (``_held_under``)
        self._ball_kicks: set[int] = set()
        # hitter -> (its last sighting, its move's direction, how far along it the contact is), where the ball
        # it runs into was resting and is gone from its spot this frame (``_ran_through``)
        self._through: dict[int, tuple[np.ndarray, np.ndarray, float]] = {}
        # a hidden ball lost into a pocket (``_pocketed_at``) is in it, off the table: it neither runs on along its
        # un-pocketed prediction into a ball nor is struck. Left in, the scratched cue ball's prediction, run on
        # past the side pocket and mirrored off the cushion, "hit" the 14, and the hypothesis put the cue ball at
        # the 14's next sighting, which the identifier scored as the cue ball (0.78, white stripe band up): the
        # cue ball's track took it and the scratch was lost (ho15 break-8-250, 60/720p)
        idx = [k for k, t in enumerate(self.tracks) if t.xy and not (t.hidden and self._pocketed_at(t) is not None)]
        if len(idx) < 2:
            return out
        others = np.array([self.tracks[k].xy[-1] for k in idx]).reshape(-1, 2)
        # a named ball does not run into a track that holds no name: with every ball the game has left named
        # elsewhere, that is no ball (an arm's white blob resting and creeping near the head string, which the
        # identifier scores as the cue ball). Stopped on it, the 5, rolling at 2.9 m/s, took the stop's
        # hypothesis and its sideways velocity, its prediction stayed put while the ball ran on under the blob,
        # and the blob's track took the 5 as it came out (ho55 kick-521, 30/1080p: no first contact)
        nameless = np.array([self.tracks[k].ball is None for k in idx])
        named_others = np.where(nameless[:, None], 1e6, others)  # far off the table
        for a in idx:
            tr = self.tracks[a]
            if tr.hidden and _stranger(tr) and obs.t - tr.last_seen > self.cfg.stop_after:
                # a track not known to be a ball, hidden past ``stop_after``, is stopped: its prediction froze a
                # stale run away, and the straight move from its last sighting to there is no move of this frame.
                # Left in, a hand's track lost 1 s before "hit" the cue ball as it came off the head rail, the
                # hypothesis put it 3.7 cm from the cue ball's sighting, and it took the cue ball and later its name:
                # the hand's path became the cue ball's, with no first contact (ho59x bank-563, 60 fps)
                continue
            pred = self._inside(tr.position)
            hit = self._contact_stop(tr, pred, named_others if tr.ball is not None else others, with_index=True)
            if hit is None:
                self._set_off_stop(a, obs, named_others if tr.ball is not None else others, out)
                continue
            stop, j = hit
            b = idx[j]
            if tr.hidden and self._met_before_seen(tr, pred, stop, self.tracks[b], obs.t):
                continue
            self._hitters.add(a)
            if tr.ball is not None or tr.rested:
                self._ball_kicks.update((a, b))
            if self._left_its_spot(self.tracks[b], obs):
                p0 = np.asarray(tr.xy[-1])
                u = (pred - p0) / max(float(np.linalg.norm(pred - p0)), 1e-12)
                self._through[a] = (p0, u, float((stop - p0) @ u))
            n = others[j] - stop
            norm = float(np.linalg.norm(n))
            if norm < 1e-9:
                continue
            n = n / norm
            rest = pred - stop
            v = tr.velocity
            out.setdefault(b, []).append((others[j] + n * float(rest @ n), n * float(v @ n)))
            out.setdefault(a, []).append((stop, v - n * float(v @ n)))
            out[a].append((stop + rest - n * float(rest @ n), v - n * float(v @ n)))
        return out

    def _set_off_stop(self, a: int, obs: BallObservations, others: np.ndarray,
                      out: dict[int, list[tuple[np.ndarray, np.ndarray]]]) -> None:
        """A ball seen once moving since it rested, on the last frame: its filter knows its way but not its speed
        (the first step is a fraction of a frame's run, so the filter's speed is far too low), and it may have run
        on to the first ball along that way within one frame's reach at ``max_speed`` and stopped there. That
        contact point is one more place for it this frame. Without it, the cue ball of a jump shot, seen 2.3 cm off
        its rest on the frame of the strike (filter 0.5 m/s, true 6 m/s), hit the 10, which flew off, and was next
        seen 5.4 mm from that contact point; its prediction lay 22.6 cm back, and the 10's resting track, 5.4 cm
        away, took it (scored cue ball 0.89, 10 0.03) and kept it for 4 s: the shot was not seen (ho86 jump-832,
        30/720p)."""
        tr = self.tracks[a]
        if tr.hidden or len(tr.xy) < 3 or tr.last_seen < self.frame_times[-2] - 1e-9:
            return
        if _last_step(tr) <= self.cfg.rest_radius or _step(tr, len(tr.xy) - 2) > self.cfg.rest_radius:
            return
        if tr.ball is None and not tr.rested:
            return
        p0 = np.asarray(tr.xy[-1])
        way = p0 - np.asarray(tr.xy[-2])
        far = p0 + way / float(np.linalg.norm(way)) * self.cfg.max_speed * (obs.t - tr.last_seen)
        hit = self._contact_stop(tr, far, others, with_index=True)  # not mirrored: no ball lies past a cushion
        if hit is None:
            return
        stop, j = hit
        if float(np.linalg.norm(stop - p0)) <= float(np.linalg.norm(self._inside(tr.position) - p0)):
            return  # the filter's own move reaches it: the ordinary hypothesis
        n = others[j] - stop
        n = n / max(float(np.linalg.norm(n)), 1e-12)
        v = tr.velocity
        out.setdefault(a, []).append((stop, v - n * float(v @ n)))

    def _met_before_seen(self, tr: Track, pred: np.ndarray, stop: np.ndarray, other: Track, t: float) -> bool:
        """Whether hidden ``tr``'s straight move from its last sighting to ``pred`` would reach ``other`` (at
        ``stop``) more than a frame before ``other``'s own last sighting: the move spans every frame ``tr`` was hidden
        (at its predicted, constant speed), and a ball seen in its place after such a contact was not hit then. Left
        in, the 13, jumped off over the right rail and lost 0.27 s before, was run back off that cushion into the
        cue ball rolling 28 cm away, seen on every frame since; the hypothesis put the 13 on the cue ball's next
        sighting, the cue ball's track went onto the player's hand 37 cm off, and the cue ball was called off the
        table for the 13 (ho61 jump-582, 30/720p)."""
        if other.hidden or not other.times or not tr.xy:
            return False
        p0 = np.asarray(tr.xy[-1])
        length = float(np.linalg.norm(pred - p0))
        if length <= 0.0:
            return False
        t_meet = tr.last_seen + float(np.linalg.norm(stop - p0)) / length * (t - tr.last_seen)
        return t_meet < other.times[-1] - self._frame_dt()

    def _left_its_spot(self, tr: Track, obs: BallObservations, settled: bool = True) -> bool:
        """A ball seen resting on the last frame that no detection of this frame shows at its spot (within
        ``rest_radius``, how far a resting ball's sightings wander): it was struck away (or it is missed this
        frame). Not a ball radius: struck at 60 fps a frame before the sighting, the ball had moved 2.7 cm.
        ``settled=False``: any ball seen on the last frame, however its last sightings wandered (a first move too
        short to count as one, ``_quiet_table``)."""
        if tr.hidden or (settled and not self._rests_at_last(tr)):
            return False
        near = np.linalg.norm(obs.xy[obs.confidence >= self.cfg.min_confidence] - np.asarray(tr.xy[-1]), axis=1)
        return not bool(np.any(near < self.cfg.rest_radius))

    def _departure_barred(self, tr: Track, obs: BallObservations) -> np.ndarray | None:
        """Detections an object ball at rest cannot have reached this frame: a ball set off from rest leaves along
        the line of centres from the ball that hit it, so a sighting far from its spot lies, seen from the spot,
        within the directions some ball could have struck it from. A ball touching it strikes it along the line
        of their centres; one at a distance ``L`` within ``acos(2R / L)`` of that line (it must reach the near side
        first), and a moving ball where its straight move would meet it. A bounce off a cushion within the frame
        is allowed for by the sighting's mirror images within a run's reach. Without this, the 8 of a breaking
        9-ball rack, on the rack's edge nearest the left rail with its hitters on the far side, took the blurred
        7's sighting 42 cm off toward the right rail, scored as the 8 (0.58): the two swapped tracks, and three
        cushions were lost and three made up (ho78 break-9-751, 30/1080p).

        None where there is no bound: the cue ball (the cue strikes it), a track with no name, a table where no
        ball moves, a ball lost moving that may be anywhere near, or a ball no other ball rests against. The rule
        trusts that every ball that could have struck it is tracked, as a rack's balls are (seen at rest before
        the break), while a lone ball may be struck by one lost in its blur (a made-up 7 struck 30 cm away along
        its streak with no ball near, ``test_rest_off_streak``)."""
        if tr.ball is None or tr.ball == 0 or not tr.xy:
            return None
        R = self.geometry.ball_radius
        spot = np.asarray(tr.xy[-1])
        owner, points, resting, unseen = self._blow_sources()
        if resting.all() and not unseen:
            return None  # no ball moving: nothing struck it but the cue (the old rules hold)
        mine = owner == id(tr)
        if unseen and any(float(np.linalg.norm(last - spot)) <= bound + 2 * R
                          for o, last, bound in unseen if o != id(tr)):
            return None  # a ball lost moving somewhere near: it may have struck from anywhere
        near = np.linalg.norm(points - spot, axis=1) <= 2 * R + self.cfg.rest_radius
        if not np.any(~mine & resting & near):
            return None  # a lone ball
        gap = spot - points[~mine]  # where a blow may come from, the half-width of its cone (radians)
        dist = np.maximum(np.linalg.norm(gap, axis=1), 1e-12)
        u, width = gap / dist[:, None], np.arccos(np.minimum(1.0, 2 * R / dist))
        dt = max(obs.t - tr.last_seen, self._frame_dt())
        far = 4 * R
        travel = self.cfg.max_speed * dt + 2 * R
        tol = np.radians(15.0)
        lo = np.array([R, R])
        hi = np.array([self.geometry.length - R, self.geometry.width - R])
        z = np.asarray(obs.xy, dtype=float).reshape(-1, 2)
        images = [z]  # the sighting and its mirrors in the four cushions' lines
        for axis in (0, 1):
            for edge in (lo, hi):
                im = z.copy()
                im[:, axis] = 2 * edge[axis] - z[:, axis]
                images.append(im)
        v = np.stack(images, axis=1) - spot  # detections x images x 2
        run = np.linalg.norm(v, axis=2)
        angle = np.arccos(np.clip((v / np.maximum(run, 1e-12)[..., None]) @ u.T, -1.0, 1.0))
        reached = ((angle <= width + tol).any(axis=2) & (run <= travel)).any(axis=1)
        out: np.ndarray = (np.linalg.norm(z - spot, axis=1) > far) & ~reached
        return out

    def _vacated_spots(self, obs: BallObservations) -> list[tuple[int, np.ndarray, np.ndarray]]:
        """(track id, spot, this frame's detections that score its ball first or second) of each ball seen resting
        on the last frame that no detection of this frame shows there (``_left_its_spot``; not a track unknown to be
        a ball), once a frame: almost always none."""
        self._fresh_rest_cache()
        if self._vacated is None:
            left = [o for o in self.tracks
                    if not _stranger(o) and self._seen_last_frame(o) and self._left_its_spot(o, obs)]
            self._vacated = []
            if left:
                xy = np.asarray(obs.xy, dtype=float).reshape(-1, 2)
                top = np.argsort(-np.asarray(obs.id_scores).reshape(len(xy), -1), axis=1)[:, :2]
                self._vacated = [(id(o), np.asarray(o.xy[-1]), xy[(top == o.ball).any(axis=1)]) for o in left]
        return self._vacated

    def _through_vacated(self, tr: Track, obs: BallObservations, dets: list[int]) -> np.ndarray:
        """Detections a ball at rest reaches only through the spot of a touching neighbour that has left it this
        frame (``_vacated_spots``), nearer that spot than its own: the neighbour set off, not this ball run through
        the place it has just left. Held-out ho91 break-9-881 (60/720p): the struck 7's first sighting off the rack,
        4.2 cm from its spot, was scored as the 8, the 8 touching it was missed on that frame, and the 8's track
        took the sighting 7.4 cm off across the 7's spot; the two swapped tracks and the 7's pocket was lost.
        Not when the neighbour is seen (a detection that scores it first or second) a radius farther along the way
        than the detection: it led and this ball followed it into its spot. ho91 break-9-883 (30/720p): the 4
        followed the 3 5.2 cm toward its spot while the 3, named on its own sighting 16 cm on, flew ahead; barred,
        the 4's sighting went to the 3's track, and five cushions of the 3 were lost. ho91 nine-ball-rack-178 (the
        sequence, 30/720p): the 3 followed the 4 6.2 cm while the 4, scored 12 0.48, 4 0.37, was 18 cm ahead."""
        out = np.zeros(len(dets), dtype=bool)
        vacated = self._vacated_spots(obs)
        if not vacated or tr.hidden or not self._rests_at_last(tr):
            return out
        R = self.geometry.ball_radius
        spot = np.asarray(tr.xy[-1])
        z = obs.xy[dets]
        way = z - spot
        run = np.maximum(np.linalg.norm(way, axis=1), 1e-12)
        for owner, other, seen in vacated:
            gap = other - spot
            if owner == id(tr) or float(np.linalg.norm(gap)) > 2 * R + self.cfg.rest_radius:
                continue
            along = (way @ gap) / run
            across = np.sqrt(np.maximum(float(gap @ gap) - along ** 2, 0.0))
            hit = ((along > 0) & (along < run) & (across < 2 * R - 0.01)
                   & (np.linalg.norm(z - other, axis=1) < run))
            if hit.any() and len(seen):
                ahead = ((seen - spot) @ way.T) / run  # how far along each way the neighbour's namings lie
                hit &= ~(ahead > run + R).any(axis=0)
            out |= hit
        return out

    def _off_a_shown_spot(self, tr: Track, obs: BallObservations, dets: list[int]) -> np.ndarray:
        """Detections more than a ball radius off the spot where a named ball was seen at rest last frame, while a
        detection of this frame still shows it there (it has not ``_left_its_spot``; no other track's last sighting
        on that spot): the ball has not left. Held-out ho91 combination-881 (30/720p): a hand came down by the
        resting cue ball 1.3 s after the shot; beside the cue ball's own sighting (scored as the 15 under the
        fingers), a blob 5.6 cm off took its track, since leaving the cue ball's sighting unmatched cost less than
        leaving the blob that a hand's track also reached, and the hand's wander made an extra shot."""
        out = np.zeros(len(dets), dtype=bool)
        if (tr.ball is None or tr.hidden or not self._seen_last_frame(tr) or not self._rests_at_last(tr)
                or self._left_its_spot(tr, obs)):
            return out
        spot = np.asarray(tr.xy[-1])
        if _near_any(spot[None, :], [np.asarray(o.xy[-1]) for o in self.tracks if o is not tr and o.xy],
                     2 * self.cfg.rest_radius)[0]:
            return out
        out = np.linalg.norm(obs.xy[dets] - spot, axis=1) > self.geometry.ball_radius
        return out

    def _fresh_rest_cache(self) -> None:
        """Empty the per-frame caches of ``_blow_sources``, ``_barred_from_rest`` and ``_vacated_spots`` when a new
        frame has come in."""
        if self._rest_cache_frame != len(self.frame_times):
            self._rest_cache_frame, self._sources, self._barred = len(self.frame_times), None, {}
            self._vacated = None

    def _in_motion(self, tr: Track) -> bool:
        """Moved on its last step, or seen as a streak: not at rest."""
        return _last_step(tr) > self.cfg.rest_radius or bool(tr.streak)

    def _blow_sources(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[tuple[int, np.ndarray, float]]]:
        """Where a ball may strike from this frame (``_departure_barred``): each ball's last sighting, and for one
        seen moving points along its straight move to its prediction; (owner track's id, point, whether the owner
        rests) per point, and (owner's id, last sighting, reach) for each ball lost moving."""
        self._fresh_rest_cache()
        if self._sources is None:
            t = self.frame_times[-1]
            owner: list[int] = []
            points: list[np.ndarray] = []
            resting: list[bool] = []
            unseen: list[tuple[int, np.ndarray, float]] = []
            for o in self.tracks:
                if not o.xy or (o.hidden and self._pocketed_at(o) is not None):
                    continue
                last = np.asarray(o.xy[-1], dtype=float)
                moving = self._in_motion(o)
                if moving and o.hidden:
                    bound = self._reach_since(o, t)
                    if not np.isfinite(bound):
                        bound = self.cfg.max_speed * (t - o.last_seen) + 2 * self.geometry.ball_radius
                    unseen.append((id(o), last, bound))
                    continue
                run = [last]
                if moving:
                    end = self._inside(o.position)
                    run += [last + (end - last) * f for f in (0.25, 0.5, 0.75, 1.0)]
                owner += [id(o)] * len(run)
                points += run
                resting += [not moving] * len(run)
            self._sources = (np.array(owner, dtype=np.int64), np.array(points, dtype=float).reshape(-1, 2),
                             np.array(resting, dtype=bool), unseen)
        return self._sources

    def _barred_from_rest(self, k: int, obs: BallObservations) -> np.ndarray | None:
        """``_departure_barred`` for track ``k`` if it is at rest (over all of ``obs``' detections), once a frame."""
        self._fresh_rest_cache()
        if k not in self._barred:
            tr = self.tracks[k]
            self._barred[k] = None if self._in_motion(tr) else self._departure_barred(tr, obs)
        return self._barred[k]

    def _bars(self, k: int, obs: BallObservations, d: int) -> bool:
        """Whether track ``k``, at rest, cannot have reached detection ``d`` this frame (``_departure_barred``, or
        only through a touching neighbour's spot, ``_through_vacated``). ho91 break-9-881 (30/720p): the struck 3,
        scored 7: 0.69, 3: 0.19, was kept off the 3's track as the 7's claim (``_claimed_elsewhere``) while the 7
        could reach it only through the 8; a new track took it and the 3's foot cushion was lost."""
        barred = self._barred_from_rest(k, obs)
        if barred is not None and bool(barred[d]):
            return True
        return bool(self._through_vacated(self.tracks[k], obs, [d])[0])

    def _ran_through(self, k: int, obs: BallObservations, dets: list[int]) -> np.ndarray:
        """Detections that only the straight run-through of hitter ``k`` explains: past the contact along its
        move, with the resting ball it runs into gone from its spot. A ball cannot run on through another, and
        the struck ball has left its place, so such a detection is the struck ball (or the hitter where its
        collision hypotheses put it), not the hitter run on unchanged. The cue ball, hidden for five frames
        across its contact with the resting 11, took the struck 11's first two (blurred) sightings, which the
        identifier scored as the cue ball: its run-through prediction lay 4.6 cm from them, the 11's collision
        hypothesis 2.1 cm, and the colour score (``identity_weight``) tipped it; the paths were swapped from the
        contact on and the shot lost its first contact (ho14 kick-241, 30/720p)."""
        p0, u, at = self._through[k]
        out: np.ndarray = (obs.xy[dets] - p0) @ u > at
        return out

    def _associate(self, tracks: list[int], dets: list[int], obs: BallObservations,
                   wide: bool) -> list[tuple[int, int]]:
        if not tracks or not dets:
            return []
        big = 1e6
        cost = np.full((len(tracks), len(dets)), big)
        widest = np.zeros(len(tracks))
        kicks = self._collision_hypotheses(obs)
        frame_dt = self._frame_dt()
        quiet = wide and self._quiet
        on_way: np.ndarray | None = None  # detections on a rolling ball's way (``_on_a_rolling_way``), when asked
        overlapped: np.ndarray | None = None  # ends of a blur found as a lone pair (``_blur_pairs``), when asked
        owned: np.ndarray | None = None  # detections named as a ball seen last frame within reach (``_owned``)
        kept_on: np.ndarray | None = None  # detections that continue a ball's track seen last frame (``_kept_on``)
        kept_still: np.ndarray | None = None  # those of them on a ball seen at rest (``_kept_on``, ``at_rest``)
        spots_held: np.ndarray | None = None  # detections on a spot a ball still there has been resting on
        in_game: np.ndarray | None = None  # the detections' identity scores over the game's balls (``_in_game``)
        lost_way: np.ndarray | None = None  # detections a named ball lost moving may have run to (``_lost_way``)
        for i, k in enumerate(tracks):
            tr = self.tracks[k]
            pred = self._pocketed_at(tr) if tr.hidden else None
            in_pocket = pred is not None
            pred = self._inside(tr.position) if pred is None else pred
            sigma = float(np.sqrt(np.max(np.linalg.eigvalsh(kalman.innovation_cov(tr.kf)))))
            # a break cue ball runs ~14 m/s: 0.46 m between 30-fps frames, beyond a fixed 0.45 m gate (its
            # resting track was abandoned and the break shot missed); the gate follows the frame interval
            # (one frame's reach, for a track that moved on its last sighting: a resting ball keeps 0.45 m, a
            # hidden one's gate still grows by 0.3 m/s only)
            moving = _last_step(tr) > self.cfg.rest_radius
            reach = self.cfg.max_speed * frame_dt if moving or tr.streak else 0.0
            # (not a hidden track that holds no name and never rested: a hand or the cue, not known to be a ball,
            # is not re-acquired at a struck ball's speed; ho33 jump-360, 30/720p: the cue's track, hidden 0.2 s
            # behind the cue ball, took the far half of the struck 1's blur 60 cm away, then the 1 itself, and the
            # 1's own track went onto the cue: the 1's flight off the table was lost)
            unknown = tr.hidden and _stranger(tr)
            gate = max(self.cfg.reacquire_gate, 0.0 if unknown else reach) + (
                0.3 * (obs.t - tr.last_seen) if tr.hidden else 0.0)
            if not wide:
                # never wider than the confident detections' gate: a hidden track's uncertainty grows without
                # bound, and the 3 lost into head-right 5 s before took a weak detection 2.8 m away in the far
                # corner; seen at the end, its pocket was not called (real 2019 clip 6, once its shot no longer
                # ended while the cue ball still rolled off a cushion)
                gate = min(self.cfg.gate + 3 * sigma, gate)
            if tr.hidden and tr.xy and (tr.ball is not None or tr.rested or self._rests_at_last(tr)):
                # a hidden ball at rest is where it was last seen; not a track that never rested, holds no name
                # and was moving when last seen (a hand, a cue's butt over the table): it is not known to be a
                # ball, nor to be at rest. Left in, such a track, lost 1 s before where the player's hand had
                # left the table, took the cue ball 1.5 cm from that sighting as the ball came off the head rail
                # (its own track 5 cm away, a frame after the bounce); it kept the cue ball and its name, and the
                # hand's path became the cue ball's: no strike, no first contact (ho19x bank-292, 60/720p)
                last = np.asarray(tr.xy[-1])
                d_last = _path_distance(obs, dets, last)
            else:
                d_last = np.full(len(dets), np.inf)
            d_pred = _path_distance(obs, dets, pred)
            if reach == 0.0:
                # a ball at rest leaves along its blur, so a streak whose line misses it by more than a diameter is
                # another ball's or a hand's. A racking hand, found as a 48 cm streak 20 cm from the resting 7, took
                # the 7's track in the wide stage, the 7's own weak detection (0.45) went to a new track, and the 7
                # "ran" into side-right: an extra shot after the re-rack (sample straight_pool_run, 21.27 s)
                rest = np.asarray(tr.xy[-1]) if tr.xy else pred
                off = _off_streak_line(obs, dets, rest) > 2 * self.geometry.ball_radius
                d_pred = np.where(off, np.inf, d_pred)
                d_last = np.where(off, np.inf, d_last)
                barred = self._barred_from_rest(k, obs)
                if barred is not None:
                    d_pred = np.where(barred[dets], np.inf, d_pred)
                    d_last = np.where(barred[dets], np.inf, d_last)
                through = self._through_vacated(tr, obs, dets) | self._off_a_shown_spot(tr, obs, dets)
                d_pred = np.where(through, np.inf, d_pred)
                d_last = np.where(through, np.inf, d_last)
            if wide and k in self._hitters:
                # its straight move runs into a ball: it is deflected there (the hypotheses below), not on through
                # the ball; far from both it is not this ball. A break cue ball missed on its contact frame took,
                # 27 cm past the contact, a rack ball that flew 35 cm from its own resting track, and the cue
                # ball's name went to the rack (dev pooltool break-8 seed 6, 30/720p)
                d_pred = np.where(d_pred <= self.cfg.gate + 3 * sigma, d_pred, np.inf)
            if k in self._through:
                d_pred = np.where(self._ran_through(k, obs, dets), np.inf, d_pred)
            if _stranger(tr) and wide and (len(tr.xy) > self.cfg.twin_sightings
                                           or obs.t - tr.times[0] > (self.cfg.twin_sightings + 1) * frame_dt):
                # two circles about a ball's diameter apart may be one ball's blur seen at both ends: not for a track
                # seen more than ``twin_sightings`` times and not known to be a ball (ho39x break-8-393, 60/1080p:
                # the cue's tip track, lost for a frame 26 cm behind the cue ball, took the front end of the struck
                # cue ball's blur 39 cm away, 48 mm ahead of the rear end the cue ball's track took; it ran on into
                # the rack as the cue ball's twin, took the 12 there and its name: first contact 12 for 2; ho33x
                # break-8-363 the same, the 10 for the 11). A new one may: ``_absorb_twins`` drops it as a twin. Only
                # a lone pair: in a rack a hand slides the balls are packed so that they are found 40-50 mm apart
                # (ho31 eight-ball-rack-125 at 75.7-75.8 s: hand tracks kept off them, the resting cue ball's track
                # took one 32 cm away and an extra shot opened)
                # The track may be in sight: riding beside the cue ball as its twin, the tip's track took the struck
                # 3's front end 26 cm ahead (ho43x jump-404 60/1080p: the 3's flight off the table was lost). One in
                # sight keeps a pair within two diameters of it (its own ball's blur). ``_blur_pairs`` for pairs a
                # little more than a diameter apart. Nor for one born more than ``twin_sightings`` frames before,
                # however rarely seen since: it is no twin of this blur (ho73x jump-704, 60/1080p: the tip's track,
                # seen three times in the 0.97 s since it was born, took the front end of the jumping cue ball's blur
                # 31 cm away; the cue ball's track took the rear end, then the struck 12, and the 12's flight became
                # the cue ball's).
                if overlapped is None:
                    overlapped = self._blur_pairs(obs, dets)
                held = overlapped if tr.hidden else overlapped & (d_pred > 4 * self.geometry.ball_radius)
                d_pred = np.where(held, np.inf, d_pred)
                d_last = np.where(held, np.inf, d_last)
            if tr.hidden and obs.t - tr.last_seen > self.cfg.stop_after:
                # a ball unseen this long is off the table or under something: it is not found again on a
                # detection that sits where another ball's track was seen last frame (ho46x break-8-434 60/720p:
                # the cue ball, lost rolling into foot-right's mouth, took the 15 1.1 s later as it crept to rest
                # 4 cm from that last sighting, scored cue ball 0.43 and 1.3 mm from the 15's own sighting a frame
                # before; held there to the end, the scratch was lost)
                if kept_on is None:
                    kept_on = self._kept_on(obs, dets)
                d_pred = np.where(kept_on, np.inf, d_pred)
                d_last = np.where(kept_on, np.inf, d_last)
            if _stranger(tr) and not tr.hidden:
                # a track not known to be a ball does not take a detection on the spot where a ball has been resting
                # (``_rest_spots``): a cue laid over the table between shots started a track 36 cm from the resting
                # 4, whose sighting the cue had pulled 2 cm off its spot; that track took the 4's detection back on
                # its spot, the 4's own track went off along the cue, and the 4 was called pocketed in an extra shot
                # (ho59 nine-ball-rack-146, 30/720p, 53.0 s)
                if spots_held is None:
                    spots_held = _near_any(obs.xy[dets], self._rest_spots(), self.cfg.rest_radius)
                d_pred = np.where(spots_held, np.inf, d_pred)
                d_last = np.where(spots_held, np.inf, d_last)
            if tr.ball is None:
                # every ball the game has on the table is named on a track: this one is no ball (an arm, the cue),
                # and it does not take a detection a named ball lost moving a moment ago may have run to
                # (``_lost_way``). ho80 break-8-771 (60/720p): the 10, missed four frames as it met the head cushion
                # at 5 m/s, came back 3 cm from a nameless track resting on the shooter's arm (8.6 cm from its own
                # track's mirrored prediction); the arm's track took it for 0.4 s and three of its cushions were lost
                if lost_way is None:
                    lost_way = self._lost_way(obs, dets) if self._all_named() else np.zeros(len(dets), dtype=bool)
                # but it keeps a detection on its own spot where it was seen at rest to the last frame: a ball coming
                # back off a cushion does not land on the one place where something has sat still. ho100x jump-974
                # (60/1080p): the 3, driven off over the left cushion at 9 m/s, was predicted mirrored back onto the
                # cue's tip, seen resting 0.62 m away for three frames (scored cue ball, the 3 at 0.002); kept off
                # it, the tip's track left it to the 3's, which ran on into side-right: called pocketed, not off
                kept_off = lost_way & ~self._on_own_rest(tr, obs, dets) if lost_way.any() else lost_way
                d_pred = np.where(kept_off, np.inf, d_pred)
                d_last = np.where(kept_off, np.inf, d_last)
            if tr.hidden:
                # nor, hidden however briefly, on a ball seen at rest on that spot last frame (``_kept_on``): a
                # ball cannot come back where another lies. The 11 of ho57 eight-ball-rack-144 (30/720p, 16.8 s),
                # lost 0.2 s before as it dropped into foot-right past the right cushion's jaw, was predicted on
                # through that cushion and mirrored back 3.6 cm from the 14 resting 22 cm away, which the identifier
                # scored as the 11: its track took the 14's detection from the 14's own, and its pocket was lost
                if kept_still is None:
                    kept_still = self._kept_on(obs, dets, at_rest=True)
                d_pred = np.where(kept_still, np.inf, d_pred)
                d_last = np.where(kept_still, np.inf, d_last)
            if unknown and wide and obs.t - tr.last_seen > self.cfg.stop_after:
                # a track not known to be a ball, hidden longer than ``stop_after`` (its place stale), does not
                # take a detection named as a ball seen moving last frame close by (``_owned``): that ball's
                # prediction may miss it by more (a bounce off a cushion inside the frame; ho45 rails-421 60/720p:
                # the cue's tip track, hidden 0.73 s at the foot rail, took the cue ball 5.7 cm from it as it came
                # off the foot cushion at 3.8 m/s, 8.4 cm from its own track's prediction into the cushion; named
                # the cue ball later, it made the cue ball's path, and the 7.6 m/s run before, with its cut of the
                # 3 and two cushions, was lost). Not a tip's track lost a frame or two beside the rolling cue ball:
                # its own detection, white, scores as the cue ball (ho37 cut-380 60/1080p, 11 cm from the cue ball:
                # held off it, the tip's track took the cue ball's detection and the cue ball's track the tip's)
                if owned is None:
                    owned = self._owned(obs, dets)
                d_pred = np.where(owned, np.inf, d_pred)
            if in_pocket:
                # a ball lost into a pocket is not re-acquired on another ball's way: a detection where a ball
                # seen rolling last frame is predicted now is that ball's (ho31 scratch-350, 30/720p: the 10, lost
                # into head-left at 3.5 m/s, took the following cue ball's sighting 0.33 s later, scored as the
                # 10, 9 mm from its own last sighting; its path ended there on the cloth and its pocket was lost)
                if on_way is None:
                    on_way = self._on_a_rolling_way(obs, dets)
                d_pred = np.where(on_way, np.inf, d_pred)
                d_last = np.where(on_way, np.inf, d_last)
                # nor beyond the reach of the speed it went in at (``_pocket_reach``, as ``_within_reach`` asks;
                # the wide stage's gate does not): the 14, lost rolling into foot-right at 0.97 m/s, took a hand's
                # blob 52 cm from its last sighting 0.2 s later, within a moving track's gate; its path ended on the
                # cloth and its pocket was lost (ho48 straight-pool-run-135, 30/720p, 53.9 s)
                # (and no farther from the pocket than a rattle seen as it comes back out: ho59
                # straight-pool-run-146 review, 31.7 s: the 2, lost into foot-left at 4.3 m/s, took the 10 on the
                # frame a re-rack appeared, 81 cm from the pocket 0.6 s later; its pocket was lost)
                reach = self._pocket_reach(tr, obs.t)
                if reach is not None:
                    beyond = ((_path_distance(obs, dets, np.asarray(tr.xy[-1])) > reach[0])
                              | (_path_distance(obs, dets, pred) > reach[1]))
                    d_pred = np.where(beyond, np.inf, d_pred)
                    d_last = np.where(beyond, np.inf, d_last)
            dist = np.minimum(d_pred, d_last)
            for pos, vel in kicks.get(k, []):  # it may have hit, or been hit by, another ball this frame
                d_hyp = _path_distance(obs, dets, pos)
                for c in np.flatnonzero(d_hyp < dist):
                    self._hyp_velocity[(k, dets[c])] = vel
                dist = np.minimum(dist, d_hyp)
            bound = self._lost_bound(tr, obs.t) if tr.hidden else np.inf
            if np.isfinite(bound):
                dist = np.where(_path_distance(obs, dets, np.asarray(tr.xy[-1])) > bound, np.inf, dist)
            if (quiet or (wide and tr.hidden and tr.last_seen <= self._last_quiet)) and k not in self._ball_kicks:
                # covered before the shot began, an object ball is still on its spot while the shot runs until a
                # moving ball passes it (ho50x kick-473 60 fps: the 14, under the arm from 1.3 s before the strike,
                # took a blob at head-left 57 cm off as the cue ball ran the other way; the 14's track was born
                # moving when it was struck, so it was not in the shot's ``before``, and its pocket and the first
                # contact were lost). Not one lost during the shot: missed in its blur, or set off through a frozen
                # cluster by a ball that barely moved (``test_ev_shown_in_place``: the break's 7)
                dist = np.where(self._held_under(tr, obs, dets), np.inf, dist)
            probs = tr.id_probs(self.cfg.vote_cap)
            if wide and tr.ball is not None and probs[tr.ball] >= 0.9:
                # a surely named hidden ball is not re-acquired far from its last sighting by a detection that
                # surely shows another ball: during a 14.1 re-rack the hidden cue ball's track took a rack ball
                # 28 cm away (dev straight-pool-run-7, 30/720p: an extra shot at 25.4 s)
                # (not when that other ball is seen in its own place this frame: ``_shown_in_place``). Nor is a
                # surely named ball in sight last frame taken far from its prediction and its last sighting by one
                # the identifier shows as another ball at 0.8 or more, its own at 0.03 or less: the 9 of a breaking
                # 8-ball rack, gone from its spot, took the cue ball (0: 0.90, 9: 0.02) 16 cm away as it came off
                # the rack, the cue ball's track, lost in its blur, was left hidden behind and the break had no
                # first contact (ho44 break-8-412 30/720p)
                if in_game is None:
                    in_game = self._in_game(obs.id_scores[dets])
                other = (_surely_other(in_game, tr.ball) if tr.hidden
                         else _surely_other(self._among_named(in_game), tr.ball, best=0.8, own=0.03))
                if other.any():
                    shown = [bool(o) and self._shown_in_place(obs, d) for o, d in zip(other, dets, strict=True)]
                    other &= ~np.array(shown, dtype=bool)
                    # nor one the ball it shows cannot be, struck off its rest (``_departure_barred``)
                    for c in np.flatnonzero(other):
                        named = [j for j, o in enumerate(self.tracks)
                                 if o.ball == int(np.argmax(in_game[c])) and o is not tr]
                        if named and all(self._bars(j, obs, dets[c]) for j in named):
                            other[c] = False
                        elif self._on_blow_line(tr, obs.xy[dets[c]], obs.t):
                            other[c] = False
                    far = dist if tr.hidden or not tr.xy else np.minimum(
                        dist, _path_distance(obs, dets, np.asarray(tr.xy[-1])))
                    dist = np.where(other & (far > self.cfg.gate), np.inf, dist)
            # log-likelihood ratio of "this detection is the track's ball" against its own best guess, 0..3
            agree = np.maximum(obs.id_scores[dets] @ probs, 1e-9)
            llr = np.clip(np.log(np.maximum(obs.id_scores[dets].max(axis=1), 1e-9) / agree), 0.0, 3.0)
            c = dist + self.cfg.identity_weight * llr / 3.0
            cost[i] = np.where((dist <= gate) & ~self._claimed_elsewhere(tr, probs, obs, dets, tracks, kicks),
                               c, big)
            widest[i] = gate + self.cfg.identity_weight
        # a detection may stay unmatched (a new track, a hand) at the cost of the widest gate that reaches it: a
        # lone match within a gate is still always taken, but not a chain of matches that pushes balls off their
        # own detections to place one more. Forced onto some track whatever the cost, a hand blob took the 3's
        # track, the 3's detection the 6's track and the 6's a hidden track of the hand (each on a collision
        # hypothesis of the hand's hidden tracks, run on 1 m and mirrored off a cushion): resting balls "moved"
        # and an extra shot opened (dev nine-ball-rack-104 30/720p, 23.0 s, cue ball in hand; review: a foul)
        inside = cost < big
        spare = np.where(inside.any(axis=0), np.where(inside, widest[:, None], 0.0).max(axis=0) + 1e-6, big)
        padded = np.vstack([cost, np.where(np.eye(len(dets), dtype=bool), spare[None, :], big)])
        rows, cols = linear_sum_assignment(padded)
        return [(tracks[r], dets[c]) for r, c in zip(rows, cols, strict=True)
                if r < len(tracks) and cost[r, c] < big]

    def _all_named(self) -> bool:
        """Every ball the game still has on the table (``allowed``) is named on a track: a track with no name then
        shows no ball. False while some ball has no track yet (a rack being set, a ball put back)."""
        named = {tr.ball for tr in self.tracks if tr.ball is not None}
        return self.allowed <= named

    def _lost_way(self, obs: BallObservations, dets: list[int]) -> np.ndarray:
        """Detections a named ball lost moving (unseen at most ``stop_after``) may have run to: within its reach
        (``_within_reach``) and within 4R of its prediction, mirrored off a cushion, plus 0.3 m/s unseen (the 10
        of ho80 break-8-771 came back 8.6 cm from it after 83 ms). Not wider: ho81 jump-781 (30/720p), the 7, lost
        flying at the left rail, its centre 21 cm from it, was predicted mirrored back off it; 0.17 s later a hand's
        blob 0.43 m from that prediction was kept from the hand's nameless track by the re-acquire gate (0.45 m)
        and the 7's track took it, so the 7 went off over the right rail 0.25 s late. Not a ball whose move runs into a pocket or over a rail
        within the frame: it is in the pocket or off the table, and a rattle or a bounce back has rules of its own
        (``_pocket_reach``)."""
        out = np.zeros(len(dets), dtype=bool)
        for tr in self.tracks:
            if (tr.ball is None or not tr.hidden or not tr.xy or obs.t - tr.last_seen > self.cfg.stop_after
                    or _last_step(tr) <= self.cfg.rest_radius):
                continue
            if self._pocketed_at(tr) is not None or self._flown_over(tr):
                continue
            gate = 4 * self.geometry.ball_radius + 0.3 * (obs.t - tr.last_seen)
            near = _path_distance(obs, dets, self._inside(tr.position)) <= gate
            for j in np.flatnonzero(near & ~out):
                out[j] = self._within_reach(tr, obs.xy[dets[j]], obs.t)
        return out

    def _on_own_rest(self, tr: Track, obs: BallObservations, dets: list[int]) -> np.ndarray:
        """Which of ``dets`` lie within ``rest_radius`` of ``tr``'s last sighting, when it was seen at rest there
        (``_rests_at_last``) on the last frame: the same thing, still sitting there."""
        if not tr.xy or not self._seen_last_frame(tr) or not self._rests_at_last(tr):
            return np.zeros(len(dets), dtype=bool)
        return _path_distance(obs, dets, np.asarray(tr.xy[-1])) <= self.cfg.rest_radius

    def _seen_last_frame(self, tr: Track) -> bool:
        """Whether ``tr`` was sighted on the frame before the one being associated."""
        return bool(tr.times) and len(self.frame_times) >= 2 and tr.times[-1] >= self.frame_times[-2] - 1e-9

    def _kept_on(self, obs: BallObservations, dets: list[int], at_rest: bool = False) -> np.ndarray:
        """Which of ``dets`` lie within ``rest_radius`` of the last sighting of a ball's track (named, or one that
        rested) seen on the last frame (``at_rest``: seen at rest there, ``_rests_at_last``): that ball, still
        there."""
        if len(self.frame_times) < 2:
            return np.zeros(len(dets), dtype=bool)
        spots = [np.asarray(tr.xy[-1]) for tr in self.tracks
                 if not _stranger(tr) and self._seen_last_frame(tr) and (not at_rest or self._rests_at_last(tr))]
        return _near_any(obs.xy[dets], spots, self.cfg.rest_radius)

    def _rest_spots(self, n: int = 8) -> list[np.ndarray]:
        """Where balls seen last frame have been resting: the median of a ball's track's last ``n`` sightings (named,
        or one that rested) when most of them lie within half ``rest_radius`` of it and its last sighting is still
        within a ball's radius: a sighting pulled off its spot by something over it (a cue, a hand) does not move
        the ball's place."""
        out = []
        for tr in self.tracks:
            if _stranger(tr) or len(tr.xy) < n or not self._seen_last_frame(tr):
                continue
            pts = np.asarray(tr.xy[-n:])
            m = np.median(pts, axis=0)
            d = np.linalg.norm(pts - m, axis=1)
            if np.sum(d <= 0.5 * self.cfg.rest_radius) >= 0.75 * n and d[-1] <= self.geometry.ball_radius:
                out.append(m)
        return out

    def _at_rest_spot(self, tr: Track, z: np.ndarray, t: float) -> bool:
        """Whether ``z`` lies within ``rest_radius`` of the last sighting of another ball's track (named, or one
        that rested) that was at rest there (``_rests_at_last``) when last seen, within ``lost_after`` of ``t``: that
        ball's place, where no other ball can be."""
        spots = [np.asarray(o.xy[-1]) for o in self.tracks
                 if o is not tr and not _stranger(o) and t - o.last_seen <= self.cfg.lost_after
                 and self._rests_at_last(o)]
        return bool(_near_any(np.asarray(z)[None, :], spots, self.cfg.rest_radius)[0])

    def _owned(self, obs: BallObservations, dets: list[int]) -> np.ndarray:
        """Which of ``dets`` the identifier scores best, at 0.5 or more, as a ball whose named track was seen moving
        on the last frame (its last step beyond ``rest_radius``), within ``gate`` and twice that last step of its
        last sighting: where it may be now, turned or not, at the speed it showed. Not farther (a frame's reach at
        ``max_speed``): the cue's tip, white too, scores as the cue ball, and held off its own detection 27 cm from
        the rolling cue ball, the tip's track took the cue ball's and the cue ball's track the tip's (ho45 kick-421
        30/1080p); nor for a ball at rest there (its detection is at its spot; the same swap beside the resting cue
        ball, ho46x scratch-434 60/1080p)."""
        out = np.zeros(len(dets), dtype=bool)
        if len(self.frame_times) < 2:
            return out
        seen: dict[int, list[tuple[np.ndarray, float]]] = {}
        for tr in self.tracks:
            step = _last_step(tr)
            if tr.ball is not None and self._seen_last_frame(tr) and \
                    step > self.cfg.rest_radius:
                seen.setdefault(tr.ball, []).append((np.asarray(tr.xy[-1]), self.cfg.gate + 2.0 * step))
        for j, d in enumerate(dets):
            a = int(np.argmax(obs.id_scores[d]))
            if obs.id_scores[d, a] >= 0.5 and any(float(np.linalg.norm(obs.xy[d] - p)) <= reach
                                                    for p, reach in seen.get(a, [])):
                out[j] = True
        return out

    def _blur_pairs(self, obs: BallObservations, dets: list[int]) -> np.ndarray:
        """Which of ``dets`` is one end of a ball's blur found as a lone pair of circles (``_lone_pairs``): up to 0.9
        diameter apart, or up to 1.1 when the pair lies on a line from a named ball seen last frame within a frame's
        reach. A 9 m/s cue ball at 60 fps was found as two circles 56 mm apart (ho43x jump-403 60/720p: the tip's
        hidden track took the front one 40 cm away, ran on to the 2 as the cue ball, and the strike was lost); but
        two weak circles 56 mm apart at a corner of a real table, a hand's, were no ball's blur: held off them, a
        hand's hidden track drifted on and took the 9 1.2 m away (real 2019 clip 11, 6.16 s; first contact 4 for 1)."""
        r = self.geometry.ball_radius
        lone, mate, gap = _lone_pairs(obs, dets, 4 * r, self.cfg.min_confidence)
        out: np.ndarray = lone & (gap < 0.9 * 2 * r)
        band = np.flatnonzero(lone & ~out & (gap < 1.1 * 2 * r))
        if not len(band) or len(self.frame_times) < 2:
            return out
        reach = self.cfg.max_speed * self._frame_dt()
        origins = [np.asarray(tr.xy[-1]) for tr in self.tracks
                   if tr.ball is not None and self._seen_last_frame(tr)]
        for i in band:
            a, b = obs.xy[dets[i]], obs.xy[mate[i]]
            u = (b - a) / gap[i]
            for o in origins:
                rel = o - a
                if (abs(u[0] * rel[1] - u[1] * rel[0]) < r
                        and min(np.linalg.norm(rel), np.linalg.norm(o - b)) < reach):
                    out[i] = True
                    break
        return out

    def _quiet_table(self, obs: BallObservations) -> bool:
        """No shot is running: within ``stop_after``, the cue ball's track did not move on its last sighting, and
        no other ball's track (named, or one that has rested) moved on its last two sightings the same way (a
        rolling ball), nor moved on its last one and went hidden since (a ball lost in its blur). The cue's strike
        starts every shot: once the cue ball moves, every ball may be struck (a jump shot's airborne cue ball has
        no collision hypothesis with the ball it lands on, and that ball flies off: ho17 jump-270/271). A covered
        ball's track jitters under an arm (the 1 of dev eight-ball-rack-117 at 19.1 s: 1.5 cm out and back): a
        move that turns back is no rolling ball. A track that took an arm blob two frames
        running the same way still counts (that 1 at 19.17 s, the 5 at 19.23 s): the rule below is then off, and
        the covered 14's jump there is not held (docs/TRACKING.md, trest18)."""
        t = obs.t
        for o in self.tracks:
            if _stranger(o) or len(o.xy) < 2 or t - o.last_seen > self.cfg.stop_after:
                continue
            steps = np.diff(np.asarray(o.xy[-3:]), axis=0)
            size = np.linalg.norm(steps, axis=1)
            if size[-1] <= self.cfg.rest_radius:
                continue
            rolling = len(size) == 2 and size[0] > self.cfg.rest_radius and float(steps[0] @ steps[1]) > 0
            if o.ball == 0 or o.hidden or rolling:
                return False
        # the cue ball gone from rest (within ``lost_after``) may be flying in its blur or in the air, struck by the
        # cue (real 2019 clips 3, 8, 11; a jump shot's cue ball, unseen until it lands on the ball it sends off the
        # table: ho17 jump-270): not quiet until it is found
        # nor the cue ball's spot empty this frame (``_left_its_spot``): struck, it can reach a ball within the frame
        # (ho17 jump-270: struck 31 ms before the frame, on the 11 25 ms later, the 11 seen flying 5 cm off scored as
        # the 12). Also a cue ball whose last sighting moved less than ``rest_radius`` but more than a resting
        # ball's 4 mm (``_rests_at_last``): ho81 jump-783 (30/720p), struck 2 ms before a frame, the cue ball's blur
        # was found 7.9 mm off its spot; on the next frame it was on the 14 it had sent off the table, and the
        # table was taken as quiet: the 14's track was held on its spot off the 14's blur 14 cm on, the blur went
        # to the cue ball's streak mean, and the 14's flight off the table was lost
        return not any(o.ball == 0 and ((o.hidden and 0 < t - o.last_seen <= self.cfg.lost_after)
                                        or self._left_its_spot(o, obs, settled=False)) for o in self.tracks)

    def _held_under(self, tr: Track, obs: BallObservations, dets: list[int]) -> np.ndarray:
        """An object ball resting at its last sighting, on a quiet table (``_quiet_table``) or hidden while a shot runs,
        with no ball's move running into it this frame, is where it was when a hand or an arm covers it, as a referee
        holds a ball hidden under a hand: its track does not take a round detection more than a radius off its spot that
        the identifier scores below ``covered_own`` as its ball (a blob of the arm), nor one beyond ``covered_reach``
        (only the cue strikes a ball on a quiet table, and it strikes the cue ball) unless it surely shows the ball
        (``covered_sure``) and the ball's spot is empty this frame. A hidden one also not where a moving ball passed by
        it since it was last seen (``_touched_since``: struck unseen).
        Between two shots of dev eight-ball-rack-117 (ho17 review, 19.0-19.3 s) an arm crossed the table; the
        covered 9's track took an arm blob 15 cm off its spot (scored 0.20 as the 9), the 14's one 32 cm off
        (0.03); the 14 "moved" on two frames and the segmenter opened a false shot (a foul: every later shot one
        off), which only tswap17's streak-mean guard hid. Not the cue ball: struck from rest it is found far off
        scored low as itself (a jump shot's airborne cue ball: ho17 jump-271 lost its strike), so its track
        still takes arm blobs (15 cm, 0.01 as the cue ball, at 19.07 s). A streak is a ball leaving fast."""
        none = np.zeros(len(dets), dtype=bool)
        if tr.hidden and tr.ball is None and tr.xy and self._name_seen_elsewhere(tr):
            # its ball was lifted and put down where another track now shows it: this track shows nothing, and it
            # takes nothing far from where it was last seen
            d = np.linalg.norm(obs.xy[dets] - np.asarray(tr.xy[-1]), axis=1)
            moved: np.ndarray = (d > self.cfg.covered_reach) & ~obs.is_streak()[dets]
            return moved
        if tr.ball in (None, 0) or not tr.xy or not self._rests_at_last(tr):
            return none
        if tr.hidden:
            touched = self._touched.get(tr.track_id)
            if touched is None:
                touched = self._touched[tr.track_id] = self._touched_since(tr)
            if touched:
                return none
        d = np.linalg.norm(obs.xy[dets] - np.asarray(tr.xy[-1]), axis=1)
        own = obs.id_scores[dets, tr.ball]
        # only the cue strikes a ball on a quiet table, the cue ball: an object ball does not leave its spot for an
        # arm blob however it is scored (skin is scored 0.25-0.62 as the 6), only for its own sure sight
        sure = (own >= self.cfg.covered_sure) & self._left_its_spot(tr, obs)
        unlike = (own < self.cfg.covered_own) | ((d > self.cfg.covered_reach) & ~sure)
        held: np.ndarray = (d > self.geometry.ball_radius) & ~obs.is_streak()[dets] & unlike
        return held

    def _name_seen_elsewhere(self, tr: Track) -> bool:
        """A track that rested, lost its name while hidden, and whose last name is now held by a track seen at rest
        on the last frame: the ball was lifted (the cue ball in hand) and put down there. Held-out ho105
        nine-ball-rack-192 (the review, 30/720p): the cue ball, resting 20 s, was picked up at 44.93 s and put down
        1.5 m away, where a new track took it and, at 45.6 s, its name. The old track, hidden 0.97 s, then took the
        shooter's stroking hand 50 cm from its spot (scored cue ball 0.37-0.57), and the name went back and forth
        between the two (eight times in 2.3 s). On a frame where the real cue ball's track was nameless, the pocketed
        2's track took the cue ball: the 2's drop into foot-left was lost and rulings 6-8 went wrong."""
        if not tr.rested:
            return False
        last = next((b for _, b in reversed(tr.names) if b is not None), None)
        if last is None:
            return False
        return any(o is not tr and o.ball == last and not o.hidden and self._seen_last_frame(o)
                   and self._rests_at_last(o) for o in self.tracks)

    def _claimed_elsewhere(self, tr: Track, probs: np.ndarray, obs: BallObservations, dets: list[int],
                           free: list[int] | None = None,
                           kicks: dict[int, list[tuple[np.ndarray, np.ndarray]]] | None = None) -> np.ndarray:
        """Detections that surely show another ball than this surely named track, while the track of that other
        ball is lost within reach: they continue that track (``_lost_match``), not this one. A fast struck ball
        the detector loses in its blur reappears beside a resting ball (where it hit it); by distance alone it
        took the resting ball's track, the object ball's name went to the cue ball's track and the shot lost its
        first contact."""
        out = np.zeros(len(dets), dtype=bool)
        if _stranger(tr):
            return self._claimed_from_stranger(obs, dets)
        if tr.ball is None or probs[tr.ball] < 0.9:
            return out
        scores = obs.id_scores[dets]
        # a ball whose track has been hidden for longer than lost_after has no track to follow here either
        # seen at rest on the last frame: a ball that may have been struck off its spot this frame (below)
        struck = not tr.hidden and self._seen_last_frame(tr) and self._rests_at_last(tr)
        held = {other.ball for other in self.tracks if other.ball is not None
                and not (other.hidden and obs.t - other.last_seen > self.cfg.lost_after)}
        for j, d in enumerate(dets):
            a = int(np.argmax(scores[j]))
            # surely the other ball, or likely it and all but surely not this track's ball (the cue ball's colour
            # scores are low, ~0.55 at 60/1080p, but an object ball's score on it is ~0)
            if a == tr.ball:
                continue
            if not ((scores[j, a] >= 0.9 and scores[j, tr.ball] <= 0.05)
                    or (scores[j, a] >= 0.5 and scores[j, tr.ball] <= 0.01)
                    or self._struck_off_rest(tr, a, scores[j], obs.xy[d], obs)):
                continue
            if (not tr.hidden and a in self.allowed and a not in held and scores[j, a] >= 0.9
                    and scores[j, tr.ball] <= 0.05 and tr.xy
                    and float(np.linalg.norm(obs.xy[d] - np.asarray(tr.xy[-1]))) > self.geometry.ball_radius):
                # surely a ball in play that has no track yet: it starts its own. A real clip (2019 clip 12) opens
                # on the break's cue ball already rolling, a blur until it reaches the rack; the apex 1's
                # resting track took it 6 cm away and the 1's drop later had no ball. Not for a hidden track: at a
                # 14.1 re-rack (balls back on the table, no tracks yet) the hidden cue ball's track then hopped
                # between rack balls instead, and a track seen where it was keeps it (the cue ball's track that
                # sits on a rack ball there, dev straight-pool-run-7 30/720p: both gave an extra shot)
                out[j] = True
                continue
            # a detection that continues this track, seen on the last frame (within ``merge_distance`` of its
            # prediction, ``rest_radius`` of its last sighting), is not claimed by a track of the ball it scores as
            # that has been lost longer than ``stop_after``: a stale claim (ho47x break-8-444 60/720p: the rolling
            # 15, scored cue ball 0.79 by its white stripe, 3 cm from its own track's prediction, went to the cue
            # ball's track, lost 0.48 s before into side-left, 31 cm from its last sighting: the scratch was lost).
            # However sure the score: ho63 break-14.1-601 (30/720p), the 11 rolling 0.88 m from foot-right, scored
            # cue ball 0.97 by its white side 0.63 s after the cue ball dropped there, went to the lost cue ball's
            # track, and the scratch was lost. (A sure score once kept the claim for real 2019 clip 11's 9, back
            # 0.68 s after it was lost at side-right's mouth under the 1's drifted track; that clip no longer meets
            # this case and reads the same without it.)
            z = obs.xy[d]
            continues = (not tr.hidden and self._seen_last_frame(tr)
                         and (float(np.linalg.norm(z - tr.position)) <= self.cfg.merge_distance
                              or float(np.linalg.norm(z - np.asarray(tr.xy[-1]))) <= self.cfg.rest_radius))
            for k, other in enumerate(self.tracks):
                if other.ball != a or not other.xy:
                    continue
                gap = obs.t - other.last_seen
                if continues and other.hidden and gap > self.cfg.stop_after:
                    continue
                if self._bars(k, obs, d):
                    continue  # struck off its rest, that ball cannot be there (``_departure_barred``)
                if other.hidden and self._seen_in_place(other, obs, d, lost=3 * self._frame_dt()):
                    # that ball, resting until it was missed a moment ago, is seen on its spot on another detection:
                    # this one is not it, however it is scored. ho64x break-9-614 (60/720p): the rack's 3 flew 13 cm
                    # off its spot at 7.6 m/s, blurred and scored 7 0.76 (3 0.05), on the frame after the 3 and the
                    # 7 were both missed; the 7 was seen 1.5 cm off its own spot. Claimed for the 7's track, the
                    # 3's detection went to it and the 3's track took the 7: the names stayed swapped, the 3's drop
                    # into side-left was called the 7's and its cushions went to the 7
                    continue
                # also a track of that ball still unmatched in this association: a jump shot's cue ball lands
                # beside the ball it sent flying (unseen this frame), whose resting track was nearer to it by
                # distance alone (dev jump-7 60/1080p, sample jump 30/720p: no shot, or an extra one)
                # (not for a detection that continues this track while that ball is seen in its own place on another
                # detection, ``_seen_in_place``: ho63x cut-604 60/720p, the 11 struck off the cue ball, seen 17 mm
                # from its track's prediction a frame after the hit, scored cue ball 0.52 and 11 under 0.01, while
                # the cue ball was seen 7 mm from its own; claimed for the cue ball's track, the 11's track took the
                # cue ball instead, and the 11's drop in side-right became a scratch. A detection that continues no
                # track stays claimed: an arm blob scored cue ball 0.9, 18 cm from the cue ball seen in place, is
                # kept off the hidden balls under the arm, ``test_covered_drift``)
                # (nor for a ball seen at rest on the last frame, struck off its spot, while that ball is seen in its
                # own place: ho82 break-8-791, 30/1080p, the 7 struck out of the rack by the 12, seen 25 cm along the
                # line of centres a frame later, blurred and scored 8 0.74, 7 under 0.01, with the 8 seen 1.4 mm off
                # its spot; claimed for the 8's track, the 7's flight went to a nameless track and two of its cushions
                # were lost)
                # (nor for a detection where a blow sent this track's ball, ``_on_blow_line``, while that ball is
                # seen in its own place: ho96x jump-934, 60/720p, the 15 flying off the cue ball that stopped
                # against it, scored cue ball 0.57 and 15 under 0.01, with the cue ball seen 2.4 cm from its
                # prediction; claimed for the cue ball's track, the two swapped and the 15's jump off was lost)
                unmatched = (free is not None and k in free and other.ball_id_sure(self.cfg.vote_cap)
                             and not ((continues or struck or self._on_blow_line(tr, z, obs.t))
                                      and self._seen_in_place(other, obs, d,
                                                              also=[p for p, _ in (kicks or {}).get(k, [])])))
                if (other.hidden or unmatched) and 0 < gap <= self.cfg.lost_after and self._within_reach(
                        other, obs.xy[d], obs.t):
                    out[j] = True
        return out

    def _claimed_from_stranger(self, obs: BallObservations, dets: list[int]) -> np.ndarray:
        """Detections a track not known to be a ball (``_stranger``) leaves alone: those that surely show an object
        ball whose surely named track is lost within reach (``_within_reach``); they go on to that track
        (``_lost_match``). ho69 rails-661 (30/1080p): the 6, 9 cm off the left cushion, was struck into it and came
        back off it inside one frame; its track, sent on into the rail, lost it. Seen 0.13 s later 74 cm up the
        table, scored the 6 at 0.87, it went to the cue tip's track hidden 29 cm away; named the 6, the tip's
        path became the 6's, running before the strike, and the shot lost its first contact. Not the cue ball's
        score: the tip and a hand show white, and a white detection is theirs as readily as the cue ball's."""
        out = np.zeros(len(dets), dtype=bool)
        scores = self._in_game(obs.id_scores[dets])
        for j, d in enumerate(dets):
            a = int(np.argmax(scores[j]))
            if a == 0 or scores[j, a] < 0.8:
                continue
            out[j] = any(
                other.ball == a and other.hidden and other.xy and other.ball_id_sure(self.cfg.vote_cap)
                and 0 < obs.t - other.last_seen <= self.cfg.lost_after
                and self._within_reach(other, obs.xy[d], obs.t) for other in self.tracks)
        return out

    def _in_game(self, scores: np.ndarray) -> np.ndarray:
        """Identity ``scores`` with the ids the game has no ball for at 0: a detection scored as one of those is
        no evidence that it is *another* ball, only that the identifier confused two balls that look alike (a 7
        seen as the 15 in 9-ball). Not a ball pocketed earlier: the rules may have put it back, or be wrong
        (``test_ev_shown_in_place``)."""
        out = scores.copy()
        out[:, self._outside_game] = 0.0
        return out

    def _lost_bound(self, tr: Track, t: float) -> float:
        """How far from its last sighting a track unseen since can be at ``t``: ``_reach_since`` for one lost moving
        that may be a ball, inf for one lost at rest or a ``_stranger`` (a hand, the cue: its speed bounds nothing).
        ``_associate`` and ``_lost_match`` both hold a lost track to it."""
        if _last_step(tr) <= self.cfg.rest_radius or _stranger(tr):
            return np.inf
        return self._reach_since(tr, t)

    def _reach_since(self, tr: Track, t: float) -> float:
        """How far a ball lost moving can be from its last sighting at ``t``: no ball on the table gains speed but
        from a faster one, so it runs at most as fast as it did over its last three steps (or its filter says) or
        as any step of another ball seen since it was lost, plus 0.5 m/s for the speeds' error, and a sighting may
        lie a diameter off (noise, a blur's end). A hidden cue ball rolling at 3 m/s took, a frame later, a cue
        tip's ghost 21 cm from its last sighting (ho75 kick-721, 60/1080p: 6.3 m/s), and the first contact was
        lost. Not its last step alone: one that chords a bounce is short (ho73 break-8-702, 30/720p: the 11 ran
        4.8 m/s into the head cushion, and the step across the bounce gave 2.7 m/s; held off its sighting 29 cm on,
        two frames later, it lost three cushions). Only for a ball seen moving over all three: a ball set off since
        by the cue (the cue ball, struck) or by another ball has not shown its speed (ho76 jump-731, 60/720p: the
        cue ball, a frame after the strike, filtered at 0.07 m/s, was held off its own sighting 20 cm on and took
        the 11's flight). Not only the balls seen on the last frame: the cue ball of ho76 rails-732 (30/720p), lost
        at 2.07 m/s, was struck from behind by the 4 at 3.4 m/s while unseen, and the 4 had slowed by then. Inf
        where there is no bound."""
        n = len(tr.times)
        if n < 4:
            return np.inf
        if min(_step(tr, k) for k in range(n - 3, n)) <= self.cfg.rest_radius:
            return np.inf  # its speed is not known: set off by the cue, or by a ball, since
        v = max(float(np.hypot(*tr.velocity)), *(_step_speed(tr, k) for k in range(n - 3, n)))
        for o in self.tracks:
            if o is tr or _stranger(o):
                continue
            k = len(o.times) - 1
            while k >= 1 and o.times[k] >= tr.last_seen - 1e-9:  # its steps since ``tr`` was lost
                v = max(v, _step_speed(o, k))
                k -= 1
        return (v + 0.5) * (t - tr.last_seen) + 2 * self.geometry.ball_radius

    def _among_named(self, scores: np.ndarray) -> np.ndarray:
        """Identity ``scores`` with the ids no track has been named after at 0: a ball never seen is not known to be
        on the table, so a detection scored as one is no evidence that it is another ball than a track's own."""
        out = scores.copy()
        out[:, [b for b in range(out.shape[1]) if b not in self._ever_named]] = 0.0
        return out

    def _seen_in_place(self, tr: Track, obs: BallObservations, d: int, lost: float = 0.0,
                       also: list[np.ndarray] | None = None) -> bool:
        """A track seen on the last frame that another detection of this frame than ``d`` shows within a ball
        radius of its last sighting or of its prediction, one the identifier does not score as surely another
        ball: its ball is seen where it is (no other ball's centre comes within two radii of it). With ``lost``,
        also a hidden track unseen for at most ``lost`` s that was at rest when last seen (``_rests_at_last``).
        ``also``: more places it may be, where this frame's collision hypotheses put it (``_collision_hypotheses``,
        as ``_claimed_elsewhere`` passes them): a ball that hit another nearly full stops at the contact, far short
        of its straight prediction."""
        if not tr.xy or tr.ball is None:
            return False
        if tr.hidden and not (0 < obs.t - tr.last_seen <= lost + 1e-6 and self._rests_at_last(tr)):
            return False
        spots = np.array([tr.xy[-1], self._inside(tr.position), *(also or [])])
        near = np.min(np.linalg.norm(obs.xy[:, None, :] - spots[None, :, :], axis=2), axis=1)
        unlike = _surely_other(obs.id_scores, tr.ball)
        ok = (near <= self.geometry.ball_radius) & (obs.confidence >= self.cfg.min_confidence) & ~unlike
        ok[d] = False
        return bool(np.any(ok))

    def _shown_in_place(self, obs: BallObservations, d: int) -> bool:
        """The ball the identifier names for detection ``d`` is seen this frame in its own place, on another
        detection (``_seen_in_place``) by its surely named track: ``d`` is not that ball, however it is scored, and
        a surely named hidden track is not kept off ``d`` as if it surely showed another ball (``_associate``).
        The break's 7 flew off the rack at 8 m/s; missed on the contact frame, it was found 20 cm off its spot,
        blurred, scored 0.66 as the 8 and 0.004 as the 7 (0.013 at 1080p, above that rule's 0.01), while the
        kicked 8 was seen 17 mm off its own spot. Kept off the 7, the 7's hidden track took the 8 (6 cm off) and
        the 8's track the 7: the 7's drop in side-right went to the 8's track, which took the 8 back 1 m from the
        pocket 0.2 s later, and nobody was pocketed (ho27x break-9-332 60/720p). A ball put back at a re-rack (no
        track yet) and the ball a jump shot's cue ball lands beside (unseen as it flies off) are not seen in
        place: the rule stands for them."""
        a = int(np.argmax(obs.id_scores[d]))
        return any(o.ball == a and o.ball_id_sure(self.cfg.vote_cap) and self._seen_in_place(o, obs, d)
                   for o in self.tracks)

    def _frame_dt(self) -> float:
        """The interval between the last two frames (0 before the second): a one-frame reach."""
        return self.frame_times[-1] - self.frame_times[-2] if len(self.frame_times) >= 2 else 0.0

    def _struck_off_rest(self, tr: Track, a: int, scores: np.ndarray, z: np.ndarray, obs: BallObservations) -> bool:
        """A detection more than R off the spot where ``tr``'s ball was last seen at rest (hidden since or not),
        scored clearly as ``a`` (0.5 or more, at least 3 times ``tr``'s ball), while ``a``'s track went hidden from
        rest a moment ago (within 3 frames): the struck ball ``a`` arriving where it hit ``tr``, not ``tr`` setting
        off. Held-out rails-261 (30/720p, now dev): the cue ball, lost in its blur from the strike, was first seen
        again 6 cm from the resting 10 it had just hit, scored 0: 0.53, 10: 0.13; by distance alone the 10's track
        took it (the cue ball's track sat 28 cm back), the whole-track identity vote kept the swap and the first
        contact was called on the 2. Or ``a``'s track was seen at rest on the last frame and nothing is seen on its
        spot now: struck, it ran to the ball and stopped there within the frame (held-out ho90 jump-871, 30/720p,
        now dev: the cue ball, 22 cm from the 11, was next seen against it, scored 0: 0.88, 11: 0.02, with nothing
        left on its spot; the 11's track, 5.5 cm away, took it)."""
        if not tr.xy or not self._rests_at_last(tr) or scores[a] < 0.5 or scores[a] < 3 * scores[tr.ball]:
            return False
        if float(np.linalg.norm(z - np.asarray(tr.xy[-1]))) <= self.geometry.ball_radius:
            return False
        dt, t = self._frame_dt(), obs.t
        return any(other.ball == a and self._rests_at_last(other) and (
            (other.hidden and 0 < t - other.last_seen <= 3 * dt + 1e-6)
            or (self._seen_last_frame(other) and not self._spot_shown(other, obs))) for other in self.tracks)

    def _on_blow_line(self, tr: Track, z: np.ndarray, t: float) -> bool:
        """Whether ``z`` lies where a blow sent ``tr``'s ball: ``tr`` lost from rest within 3 frames, a ball seen
        since then, arriving on its last step, touching its spot (within 1 cm of 2R), and ``z`` beyond the spot
        along their line of centres (within 10 degrees) and within a frame's reach at ``max_speed``. A ball struck
        that way is that ball, however its blur is scored. Held-out ho90 jump-871 (30/720p, now dev): the cue ball
        hit the resting 11 between two frames and stopped against it; the 11 flew off the right rail, blurred and
        scored as the 12 (a ball pocketed earlier in the 14.1 rack) 32 cm on, 0.6 degrees off the line of centres.
        Held off it as a sure other ball, the 11's track took the cue ball and the cue ball's the 11's flight: no
        shot.

        Or ``tr`` seen once since, on the last frame, on its first step off its rest: the spot is where it rested
        (held-out ho96x jump-934, 60/720p: the cue ball stopped against the 15, seen 3.7 cm off its spot on the
        frame after the hit; the 15, flying toward the left rail, was scored as the cue ball 0.57 and the 12 0.30.
        Barred from it, the 15's track took the stopped cue ball, the cue ball's the 15's flight, and the 15's
        jump off the table was lost)."""
        dt = self._frame_dt()
        if not tr.xy:
            return False
        if tr.hidden:
            if not self._rests_at_last(tr) or t - tr.last_seen > 3 * dt + 1e-6:
                return False
            spot, t_rest = np.asarray(tr.xy[-1]), tr.last_seen
        else:
            if t - tr.last_seen > 1.5 * dt or _last_step(tr) <= self.cfg.rest_radius or \
                    not self._rests_at_last(tr, skip=1) or tr.times[-1] - tr.times[-2] > 1.5 * dt:
                return False
            spot, t_rest = np.asarray(tr.xy[-2]), tr.times[-2]
        R = self.geometry.ball_radius
        way = np.asarray(z) - spot
        run = float(np.linalg.norm(way))
        if run <= 2 * R or run > self.cfg.max_speed * (t - t_rest) + 2 * R:
            return False
        for o in self.tracks:
            if o is tr or len(o.xy) < 2 or o.last_seen < tr.last_seen - 1e-9 or _last_step(o) <= self.cfg.rest_radius:
                continue
            n = spot - np.asarray(o.xy[-1])
            gap = float(np.linalg.norm(n))
            if gap <= 2 * R + 0.01 and float(way @ n) >= run * gap * np.cos(np.radians(10.0)):
                return True
        return False

    def _spot_shown(self, tr: Track, obs: BallObservations) -> bool:
        """Whether a detection of this frame lies within a ball radius of ``tr``'s last sighting (its ball, or
        what is left on its spot, is seen there)."""
        seen = obs.xy[obs.confidence >= self.cfg.min_confidence]
        return bool(_near_any(seen, [np.asarray(tr.xy[-1])], self.geometry.ball_radius).any())

    def _within_reach(self, tr: Track, z: np.ndarray, t: float) -> bool:
        """Could a track unseen since its last sighting be at ``z`` at ``t``?

        A ball last seen moving may have run anywhere at ``max_speed``. An object ball last seen at rest stays
        within 5 cm of where it was unless another ball's path since then (its sightings, then on to its
        prediction) came to touch it: only a ball moves it. Reached at ``max_speed``, the 9 resting behind the
        shooter's arm for three frames "continued" 1.2 m away in the struck 1's blur, which the identifier scored
        as the 9 (a yellow stripe and a blurred yellow solid): the 1's own track was kept off that detection for
        it, the 9's track had two sightings on the 1's path and the cue ball's contact with the 1 was lost (dev
        nine-ball-rack-107 30/720p, shot 4 in review: a wrong-ball-first foul). The cue ball is struck by the cue
        and lost in its blur from rest (real 2019 clips 3, 8, 11), and an unnamed track may be anything: both
        keep the full reach. But not a track seen more than ``twin_sightings`` times that is not known to be a ball
        (``_stranger``: a hand, the cue's tip): it reaches no farther than ``_associate``'s gate lets it, the
        ``reacquire_gate`` and 0.3 m/s while unseen (ho44 break-9-411, 30/1080p: the tip's track, hidden 0.13 s,
        took the struck cue ball's blur 83 cm away, scored the 12, which the cue ball's own lost track was refused
        for its name; the break was lost).

        A ball last seen rolling into a pocket (``_into_pocket``) is in it: it comes back out (a rattle in the jaws)
        no faster than it went in, so it is not re-acquired beyond that speed's reach, the cue ball included.
        That reach keeps growing with the time unseen, on purpose: with it capped at 0.2 s (a rattle's time, tried
        in trk16), real 2019 clip 11's 9, lost at side-right's mouth at 1.4 m/s and found again 0.95 m away 0.68 s
        later (it did not drop), was called off the table. Nor is it re-acquired where another ball rests
        (``_at_rest_spot``): a rattle cannot end where a ball lies. The 15 of ho56 eight-ball-rack-143 (30/720p,
        review), lost into foot-right at 1.5 m/s, was found 0.4 s later on the resting 7 57 cm away, which the
        identifier scored as the 15 at 0.97 as an arm uncovered it; that claim kept the 7's own track off it, the
        15's pocket was lost and every later shot had the wrong shooter.
        """
        slack = _REENTRY_SLACK
        dist = float(np.linalg.norm(np.asarray(z) - np.asarray(tr.xy[-1])))
        if dist <= slack:
            return True
        if dist > self.cfg.max_speed * (t - tr.last_seen) + slack:
            return False
        if (_stranger(tr) and len(tr.xy) > self.cfg.twin_sightings
                and dist > self.cfg.reacquire_gate + 0.3 * (t - tr.last_seen)):
            return False
        reach = self._pocket_reach(tr, t)
        if reach is not None and (dist > reach[0] or self._at_rest_spot(tr, z, t)):
            return False
        if (tr.ball in (None, 0) and not self._former_holder(tr)) or not self._rests_at_last(tr):
            return True
        touched = self._touched.get(tr.track_id)
        if touched is None:
            touched = self._touched[tr.track_id] = self._touched_since(tr)
        return touched

    def _former_holder(self, tr: Track) -> bool:
        """A nameless track whose votes surely show a ball (0.9) that another track, known to be a ball (rested),
        holds and was seen with since the last frame (``_seen_last_frame``): that ball is in plain view elsewhere,
        so this track is where it was before it was picked up and put down (a cue ball in hand), and like an object
        ball at rest it moves only if a ball touched it (``_within_reach``). Left with the full reach of an unnamed track, the
        cue ball's old track of ho101 nine-ball-rack-188 (review, 30/720p), gone from its rest when the cue ball was
        taken in hand at 22.1 s, took a blob 1.56 m away 1.47 s later (scored cue ball 0.69) and, seen again,
        won the cue ball's name by its votes from the placed cue ball's track; then, 0.87 s on, the cue's butt at
        head-right as the cue ball was struck: the shot was read as the cue ball into head-right, no contact."""
        if tr.ball is not None:
            return False
        probs = tr.id_probs(self.cfg.vote_cap)
        best = int(np.argmax(probs))
        if probs[best] < 0.9:
            return False
        return any(o is not tr and o.ball == best and o.rested and self._seen_last_frame(o) for o in self.tracks)

    def _pocket_reach(self, tr: Track, t: float) -> tuple[float, float] | None:
        """How far (m) from its last sighting, and from the pocket's centre, a track last seen rolling into a pocket
        (``_into_pocket``) can be found again at ``t``: a rattle comes back out no faster than it went in, and it is
        seen as it leaves the mouth, so it is no farther from the pocket than it rolls in ``rattle_unseen``. None for
        any other track. (``_within_reach`` asks only the first.)"""
        into = self._into_pocket(tr)
        if into is None:
            return None
        speed, centre = into
        gone = t - tr.last_seen
        pk = self.geometry.nearest_pocket(*centre)
        from_pocket = pk.capture_radius + 2 * self.geometry.ball_radius + speed * min(gone, self.cfg.rattle_unseen)
        return speed * gone + _REENTRY_SLACK, from_pocket

    def _into_pocket(self, tr: Track) -> tuple[float, np.ndarray] | None:
        """The speed (m/s) of a track last seen rolling into a pocket, and that pocket's centre: moving on its last
        sighting, and its predicted move from there runs into a pocket (``_pocketed_at``); None otherwise.

        The scratched cue ball of dev eight-ball-rack-112's break (ho12 q30_720) was last seen 21 mm from
        head-right's nose at 2.5 m/s; 0.27 s later the 10, 2.45 m away at the foot cushion, was scored as the cue
        ball (0.93) for one frame, and with the cue ball's full ``max_speed`` reach the lost cue ball took that
        sighting (the 10's own track kept off it by ``_claimed_elsewhere``): the cue ball was called off the
        table over the foot rail, with three false cushions and a false (0, 10) collision. A ball at rest by a
        pocket (the cue ball struck from the lip, lost in its blur) is not rolling into it."""
        if len(tr.xy) < 2:  # (``times`` grows with ``xy``)
            return None
        step = _last_step(tr)
        speed = max(step / max(tr.times[-1] - tr.times[-2], 1e-3), float(np.linalg.norm(tr.velocity)))
        # (a ball creeping over the lip moves less than ``rest_radius`` a frame: ho57x scratch-543 60/720p, the cue
        # ball at 0.2 m/s into head-right, 3 mm a frame; with no reach it took a ball 1.2 m away 1.45 s later)
        if step <= self.cfg.rest_radius and speed < self.cfg.pocket_creep:
            return None
        centre = self._pocketed_at(tr)
        if centre is None:
            centre = self._lost_in_mouth(tr)
        return None if centre is None else (speed, centre)

    def _lost_in_mouth(self, tr: Track) -> np.ndarray | None:
        """The centre of the pocket in whose mouth a track was last seen, or which its straight move from there
        toward its prediction runs into within a ball radius: past a cushion's nose line at that cushion's opening,
        where no cushion stands. It is at that pocket (dropped, or in its jaws) even where its move passes just
        outside the capture circle:
        - ho72 nine-ball-rack-159, review, 66.37 s: the 7, lost in head-left's mouth at 3.6 m/s along the left
          cushion, its move 6 mm outside the circle, took a hand's blob scored as the 7 2.1 m away 0.13 s later; its
          pocket was lost and the next shot went to the wrong player;
        - held-out ho98 eight-ball-rack-185 (30/720p, the break): the cue ball, last seen 2 cm short of the head nose
          line at 1 m/s, ran into head-right's mouth off the head jaw and dropped; its move passes 2 mm outside the
          capture circle, its track took the 14, 1.5 m away 0.2 s later, scored as the cue ball on one frame, and the
          scratch was read as the cue ball leaving the table."""
        if not tr.xy:
            return None
        r = self.geometry.ball_radius
        p0 = np.asarray(tr.xy[-1])
        step = tr.position - p0
        size = float(np.linalg.norm(step))
        if size < 1e-9:
            return None
        pts = p0 + np.linspace(0.0, 1.0, 9)[:, None] * step * min(1.0, r / size)
        over, opening = self._nose_lines(pts)
        mouth = np.flatnonzero(over & opening)
        return np.asarray(self.geometry.nearest_pocket(*pts[int(mouth[0])]).centre, dtype=float) if len(mouth) \
            else None

    def _nose_lines(self, pts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """For each point (N, 2): whether a ball centred there is past a cushion's nose line (within a radius of the
        table's edge), and whether it is so at that cushion's opening, where no cushion stands (the mouth of a
        pocket) rather than at the cushion."""
        g, r = self.geometry, self.geometry.ball_radius
        x, y = pts[:, 0], pts[:, 1]
        ends = (x < r) | (x > g.length - r)
        sides = (y < r) | (y > g.width - r)
        return ends | sides, (ends & g.at_opening("head", y)) | (sides & g.at_opening("left", x))

    def _rests_at_last(self, tr: Track, n: int = 3, skip: int = 0) -> bool:
        """Its last ``n`` sightings (before its last ``skip``) are within 4 mm of the last of them (a ball at rest,
        not one rolling on)."""
        if len(tr.xy) < n + skip:
            return False
        last = np.asarray(tr.xy[len(tr.xy) - skip - n:len(tr.xy) - skip])
        return float(np.max(np.linalg.norm(last - last[-1], axis=1))) < 0.004

    def _touched_since(self, tr: Track) -> bool:
        """Another ball that moved since ``tr`` was last seen passed within touching distance (plus 2 cm) of
        where ``tr`` was: from its last sighting before then, through its later sightings, to its prediction (not a
        hidden ball's that rested at its last sighting: a covered ball's filter drifts on its resting jitter, and the
        covered 10's drifted 1 cm beside the covered 12, whose track then took an arm blob 7.5 cm off; the 10's
        took the cue ball's spot and the cue ball's the blob: ho35 straight-pool-run-127, 30/720p, 33.8 s)."""
        p = np.asarray(tr.xy[-1])
        reach = 2 * self.geometry.ball_radius + 0.02
        for other in self.tracks:
            if other is tr or not other.xy:
                continue
            if (other.ball == 0 and other.hidden and abs(other.last_seen - tr.last_seen) < 1e-6
                    and self._rests_at_last(other)):
                # the cue ball, lost from rest on the frame ``tr`` was lost, was struck then and may have hit it
                # unseen within that frame (ho81 rails-783, 30/720p: the cue ball and the 3 it cut 29 cm away were
                # both lost in their blurs; the 3's track, held on its spot, refused the 3's blur 17 cm off, a new
                # track took it, was named the 7, and the first contact went to the 7)
                k = bisect.bisect_right(self.frame_times, tr.last_seen + 1e-6)
                if k < len(self.frame_times):
                    one = self.cfg.max_speed * (self.frame_times[k] - tr.last_seen) + reach
                    if float(np.linalg.norm(np.asarray(other.xy[-1]) - p)) <= one:
                        return True
            i = bisect.bisect_right(other.times, tr.last_seen)
            ahead = [] if other.hidden and self._rests_at_last(other) else [tuple(other.position)]
            pts = np.asarray(other.xy[max(i - 1, 0):] + ahead)
            if len(pts) < 2 or float(np.max(np.linalg.norm(pts - pts[0], axis=1))) <= self.cfg.rest_radius:
                continue  # at rest all along: a touching neighbour in a rack did not strike it
            a, b = pts[:-1], pts[1:]
            ab = b - a
            den = np.maximum(np.sum(ab * ab, axis=1), 1e-12)
            u = np.clip(np.sum((p - a) * ab, axis=1) / den, 0.0, 1.0)
            if float(np.min(np.linalg.norm(a + u[:, None] * ab - p, axis=1))) < reach:
                return True
        return False

    def _contact_stop(self, tr: Track, pred: np.ndarray, others: np.ndarray,
                      with_index: bool = False):  # type: ignore[no-untyped-def]
        """Where the straight move from the last sighting to the prediction first touches another ball, if it does
        (and, ``with_index``, which row of ``others`` it touches)."""
        if not tr.xy or len(others) < 2:
            return None
        p0 = np.asarray(tr.xy[-1])
        step = pred - p0
        length = float(np.linalg.norm(step))
        two_r = 2 * self.geometry.ball_radius
        if length < 0.5 * self.geometry.ball_radius:
            return None
        u = step / length
        rel = others - p0
        along = rel @ u
        perp2 = np.sum(rel ** 2, axis=1) - along ** 2
        hit = (along > 0.5 * two_r) & (along < length + two_r) & (perp2 < two_r ** 2)
        if not np.any(hit):
            return None
        first = along - np.sqrt(np.maximum(two_r ** 2 - perp2, 0.0))
        first = np.where(hit, first, np.inf)
        j = int(np.argmin(first))
        if length < two_r and first[j] > length:
            # a move shorter than a diameter is a hit only where it reaches the ball this frame. Skipped
            # altogether, a cue ball at 3.4 m/s at 60 fps (57 mm a frame) that stunned on the resting 10 had no
            # hypothesis, and the two detections were cheaper swapped (held-out combination-150, 60/1080p:
            # the cue ball's path rested and then "left" after the only collision: no first contact)
            return None
        stop = p0 + u * max(float(first[j]), 0.0)
        return (stop, j) if with_index else stop

    def _on_a_rolling_way(self, obs: BallObservations, dets: list[int]) -> np.ndarray:
        """Which detections lie within one ball diameter of where a track seen moving on the last frame is
        predicted now (a hidden track, the one asking, is not among them)."""
        near = np.zeros(len(dets), bool)
        for o in self.tracks:
            if o.hidden or obs.t - o.last_seen > 1.5 * self._frame_dt() or _last_step(o) <= self.cfg.rest_radius:
                continue
            near |= _path_distance(obs, dets, self._inside(o.position)) < 2 * self.geometry.ball_radius
        return near

    def _pocketed_at(self, tr: Track) -> np.ndarray | None:
        """The pocket a hidden track's predicted move from its last sighting runs into, if any: the ball is in
        there, not where its prediction carried on to. Mirrored back off the cushions, a ball lost at a corner's
        mouth at 3 m/s was predicted 1.2 m away on the far rail, and its track took a transient detection there
        (2019 clip 7: the 3's drop in foot-left was lost)."""
        if not tr.xy:
            return None
        g, r = self.geometry, self.geometry.ball_radius
        p0 = np.asarray(tr.xy[-1])
        step = tr.position - p0
        n = max(2, int(np.ceil(float(np.linalg.norm(step)) / (0.5 * r))))
        pts = p0 + np.linspace(0.0, 1.0, n + 1)[1:, None] * step
        near = np.zeros(len(pts), dtype=bool)
        for pk in g.pockets:
            near |= np.linalg.norm(pts - np.asarray(pk.centre), axis=1) < pk.capture_radius
        # where the move crosses a cushion's nose line away from every pocket, the ball bounced: it goes no further
        # along it. Carried on through the head cushion, the 10, lost fast at it 0.7 m from head-right, "ran" into
        # that pocket; held there at full weight, its track took the 9's name from the 9's, lost into foot-left,
        # whose pocket was then lost (ho59x break-8-564, 60/1080p)
        over, opening = self._nose_lines(pts)
        bounce = np.flatnonzero(over & ~opening & ~near)
        if len(bounce):
            near[int(bounce[0]):] = False
        if not near.any():
            return None
        return np.asarray(g.nearest_pocket(*pts[int(np.argmax(near))]).centre, dtype=float)

    def _inside(self, p: np.ndarray) -> np.ndarray:
        """A prediction that ran through a cushion, mirrored back onto the table (the ball bounced)."""
        return self.geometry.folded_inside(p)

    def assign_identities(self) -> None:
        """One global assignment of live tracks to allowed ball ids by their accumulated votes."""
        live = [tr for tr in self.tracks if tr.n_votes > 0]
        ids = sorted(self.allowed)
        if not live or not ids:
            return
        cap = self.cfg.vote_cap
        score = np.array([tr.votes / tr.n_votes for tr in live])[:, ids]  # mean log-prob per id
        now = self.frame_times[-1] if self.frame_times else 0.0
        weight = np.array([min(tr.n_votes, cap) * (0.5 ** ((now - tr.last_seen) / self.cfg.hidden_id_half_life)
                                                   if tr.hidden and not self.pocket_hold(tr) else 1.0)
                           for tr in live])[:, None]
        # dummy columns let a spurious track stay unnamed instead of stealing an id; a track that never rested
        # (a hand, a cue moving over a quiet table) gives way to one that did
        keep = np.array([1e-3 if tr.rested else self.cfg.unrested_keep for tr in live])[:, None]
        cost = np.hstack([-score * weight, np.broadcast_to(-np.log(keep) * weight, (len(live), len(live)))])
        # nor does a track that never rested take the name of a rested ball seen on this frame: ho94 scratch-911
        # (60/720p): an arm's blob by the far rail, scored cue ball 0.8-0.99 (the cue ball's own sightings 0.2-0.3
        # under the cue's shadow), took the cue ball's name on the frame the cue ball was struck; the cue ball's
        # track was named the covered 10, the shot was read as balls moving with no cue ball struck, and lost
        if self.cfg.seen_keeps_name:
            sitting = [ids.index(tr.ball) for tr in live
                       if tr.ball in self.allowed and tr.rested and not tr.hidden and abs(tr.last_seen - now) < 1e-9]
            cost[np.ix_([not tr.rested for tr in live], sitting)] = np.inf
        rows, cols = linear_sum_assignment(cost)
        held = {id(tr): tr.ball for tr in live}
        for tr in live:
            tr.ball = None
            tr.identity_confidence = 0.0
        for r, c in zip(rows, cols, strict=True):
            if c < len(ids):
                tr = live[r]
                tr.ball = ids[c]
                z = score[r] * min(tr.n_votes, cap)
                z = z - z.max()
                p = np.exp(z) / np.exp(z).sum()
                tr.identity_confidence = float(p[c])
        self._name_by_elimination(live, ids)
        self._ever_named.update(tr.ball for tr in live if tr.ball is not None)
        for tr in live:
            if tr.ball != (tr.names[-1][1] if tr.names else None):
                tr.names.append((now, tr.ball))
        for tr in live:
            was = held[id(tr)]
            if was is not None and tr.ball is None and tr.rested:
                former = [f for f in self._former.get(was, []) if f.ball is None and now - f.last_seen < 60.0]
                self._former[was] = [*former, tr]

    def former_rest(self, ball: int, t0: float, t1: float) -> tuple[float, float] | None:
        """Where a track that once held ``ball``'s name rested in [t0, t1], when that track has lost the name and
        holds none now: the ball's own resting track, whose name a track born as the ball flew off took (its votes
        stronger while the old track was lost). None when no such track was seen then."""
        for tr in reversed(self._former.get(ball, [])):
            if tr.ball is not None or not tr.rested:
                continue
            pts = [p for t, p in zip(tr.times, tr.xy, strict=True) if t0 - 1e-9 <= t <= t1 + 1e-9]
            if pts:
                m = np.mean(np.asarray(pts), axis=0)
                return float(m[0]), float(m[1])
        return None

    def former_holders(self, ball: int) -> list[Track]:
        """Rested tracks that once held ``ball``'s name, lost it and hold none now (oldest first)."""
        return [tr for tr in self._former.get(ball, []) if tr.ball is None]

    def covered_rest(self, ball: int, t: float, span: float = 0.5) -> tuple[float, float] | None:
        """Where ``ball`` rested when last seen before ``t``, if its named track was at rest over its last ``span``
        of sightings then and is not seen again before ``t``: a ball covered by an arm since is still there (the
        wide stage holds its track on its spot, ``_held_under``). None otherwise."""
        for tr in self.tracks:
            if tr.ball != ball or not tr.times:
                continue
            i = bisect.bisect_right(tr.times, t)
            if i == 0:
                continue
            pts = np.asarray(tr.xy[bisect.bisect_left(tr.times, tr.times[i - 1] - span):i])
            m = pts.mean(axis=0)
            if len(pts) >= 3 and float(np.max(np.linalg.norm(pts - m, axis=1))) <= self.cfg.rest_radius:
                return float(m[0]), float(m[1])
        return None

    def _name_by_elimination(self, live: list[Track], ids: list[int]) -> None:
        """One ball id left over and one unnamed track that is surely a ball (seen on ``elimination_sightings``
        frames, and on the table from the first frame or rested there): it is that ball, whatever its colour
        scores say. A real 2019 clip starts with the struck 1 rolling, the identifier scores its blur as the 9
        (0.8-0.99) while the real 9 scores as a stripe not in the game; once the 9's track took its name the 1's
        track was left unnamed, so its drop had no ball."""
        left = set(ids) - {tr.ball for tr in live if tr.ball is not None}
        if len(left) != 1:
            return
        t0 = self.frame_times[0] if self.frame_times else 0.0
        cands = [tr for tr in live if tr.ball is None and len(tr.xy) >= self.cfg.elimination_sightings
                 and (tr.rested or tr.times[0] <= t0 + 1e-9)]
        if len(cands) == 1:
            cands[0].ball = left.pop()
            cands[0].identity_confidence = 0.5

    def states(self) -> list[TrackState]:
        return [TrackState(tr.track_id, tr.ball, (float(tr.position[0]), float(tr.position[1])),
                           (float(tr.velocity[0]), float(tr.velocity[1])), not tr.hidden, tr.identity_confidence)
                for tr in self.tracks]

    def series(self, t0: float, t1: float) -> tuple[np.ndarray, dict[int, np.ndarray], dict[int, float]]:
        """Frame times in [t0, t1] and each identified ball's observed centres (NaN when unseen) there.

        Returns the times, ball -> (F, 2) array, and ball -> identity confidence.
        """
        times = np.asarray(self.frame_times)
        sel = (times >= t0 - 1e-9) & (times <= t1 + 1e-9)
        tsel = times[sel]
        out: dict[int, np.ndarray] = {}
        conf: dict[int, float] = {}
        for tr in self.tracks:
            if tr.ball is None:
                continue
            arr = out.setdefault(tr.ball, np.full((len(tsel), 2), np.nan))
            mine = tr.on_frames(tsel)
            seen = ~np.isnan(mine[:, 0])
            arr[seen] = mine[seen]
            conf[tr.ball] = tr.identity_confidence
        return tsel, out, conf


def _lone_pairs(obs: BallObservations, dets: list[int], apart: float,
                floor: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Which of ``dets`` is one of a lone pair, its mate (a detection index) and how far apart they are (m): its only
    other detection of the frame (of confidence ``floor`` or more) within ``apart``, that has no other within
    ``apart`` either. A blur's two ends come as such a pair on the open cloth; in a packed rack each ball has several
    neighbours."""
    d = np.linalg.norm(obs.xy[:, None, :] - obs.xy[None, :, :], axis=2)
    np.fill_diagonal(d, np.inf)
    d[:, obs.confidence < floor] = np.inf
    near = (d < apart).sum(axis=1)
    rows = np.asarray(dets, dtype=int)
    mate = np.argmin(d[rows], axis=1)
    gap = d[rows, mate]
    lone: np.ndarray = (near[rows] == 1) & (near[mate] == 1)
    return lone, mate, gap


def _path_distance(obs: BallObservations, dets: list[int], p: np.ndarray) -> np.ndarray:
    """How far each detection is from ``p`` (m): for a ball seen as a motion-blur streak, the distance from ``p``
    to its path during the exposure (``xy -+ streak``), since the ball was somewhere along it; for a round one,
    to its centre."""
    rel, u, length = _streak_axes(obs, dets, p)
    along = np.abs(np.sum(rel * u, axis=1))
    perp2 = np.maximum(np.sum(rel * rel, axis=1) - along ** 2, 0.0)
    out: np.ndarray = np.sqrt(perp2 + np.maximum(along - length, 0.0) ** 2)
    return out


def _off_streak_line(obs: BallObservations, dets: list[int], p: np.ndarray) -> np.ndarray:
    """How far ``p`` lies from the line of each detection's motion-blur streak (m; 0 for a round detection)."""
    rel, u, length = _streak_axes(obs, dets, p)
    out: np.ndarray = np.where(length > 0, np.abs(u[:, 0] * rel[:, 1] - u[:, 1] * rel[:, 0]), 0.0)
    return out


def _streak_axes(obs: BallObservations, dets: list[int], p: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each detection's offset from ``p``, its streak's unit direction and half length (0 for a round one): the
    frame that ``_path_distance`` and ``_off_streak_line`` measure in."""
    rel = obs.xy[dets] - np.asarray(p, dtype=float)
    half = obs.streak[dets]
    length = np.linalg.norm(half, axis=1)
    return rel, half / np.maximum(length, 1e-12)[:, None], length


def _near_any(xy: np.ndarray, spots: list[np.ndarray], radius: float) -> np.ndarray:
    """Which of the points ``xy`` (K, 2) lie within ``radius`` of any of ``spots``; none where there are no spots."""
    if not spots or not len(xy):
        return np.zeros(len(xy), dtype=bool)
    near = np.linalg.norm(np.asarray(xy)[:, None, :] - np.stack(spots)[None, :, :], axis=2)
    return np.asarray(near.min(axis=1) <= radius)


def _stranger(tr: Track) -> bool:
    """No name and never at rest: not known to be a ball (a hand, the cue's tip over the table)."""
    return tr.ball is None and not tr.rested


_REENTRY_SLACK = 0.05  # (m) beyond a lost ball's reach it may still be found: detector noise, a frame's timing


def _last_step(tr: Track) -> float:
    """How far the track moved between its last two sightings (m; 0 with fewer than two)."""
    if len(tr.xy) < 2:
        return 0.0
    return _step(tr, len(tr.xy) - 1)


def _step(tr: Track, k: int) -> float:
    """How far the track moved from sighting ``k - 1`` to sighting ``k`` (m)."""
    return float(np.hypot(tr.xy[k][0] - tr.xy[k - 1][0], tr.xy[k][1] - tr.xy[k - 1][1]))


def _step_speed(tr: Track, k: int) -> float:
    """The track's speed over its step to sighting ``k`` (m/s)."""
    return _step(tr, k) / max(tr.times[k] - tr.times[k - 1], 1e-3)


def _surely_other(scores: np.ndarray, ball: int, best: float = 0.5, own: float = 0.01) -> np.ndarray:
    """Detections (rows of id ``scores``) the identifier surely names another ball than ``ball``: best score at least
    ``best``, ``ball``'s at most ``own``. One test for the named-track rule in ``_associate`` and
    ``_seen_in_place``."""
    out: np.ndarray = (scores.max(axis=1) >= best) & (scores[:, ball] <= own)
    return out
