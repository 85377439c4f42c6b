"""``cueref synth``: make synthetic footage with exact ground truth (needs the sim extra: scripts/install_sim.sh).

One clip: ``cueref synth --scenario cut --seed 3 --out DIR``; the list: ``cueref synth --list``; a benchmark
batch: ``cueref synth --suite eval --seeds 100-119 --out DIR`` (one clip per scenario and seed, named
SCENARIO-SEED).
"""

from __future__ import annotations

import typer

from adjudicator.errors import ConfigError


def parse_seeds(text: str) -> list[int]:
    """'7', '100-119' or '1,4,9-11' -> the seeds."""
    out: list[int] = []
    try:
        for part in text.split(","):
            part = part.strip()
            if "-" in part:
                a, b = (int(x) for x in part.split("-", 1))
                if b < a:
                    raise ValueError
                out += list(range(a, b + 1))
            elif part:
                out.append(int(part))
    except ValueError:
        raise ConfigError(f"--seeds: expected numbers and ranges like 100-119 or 1,4,9, got {text!r}") from None
    if not out:
        raise ConfigError("--seeds: no seed given")
    return out


def register(app: typer.Typer) -> None:
    @app.command()
    def synth(
        scenario: str = typer.Option(None, "--scenario", "-s", help="scenario name (see --list)"),
        seed: int = typer.Option(0, "--seed", help="random seed: the same scenario and seed give the same clip"),
        out: str = typer.Option(None, "--out", "-o", help="output folder (created if missing)"),
        fps: int = typer.Option(30, "--fps", help="frames per second: 30 or 60"),
        res: str = typer.Option("720p", "--res", help="720p or 1080p"),
        cloth: str = typer.Option("blue", "--cloth", help="cloth colour: blue, green, red, grey or tan"),
        occlusion: bool = typer.Option(True, "--occlusion/--no-occlusion",
                                       help="draw the shooter's cue and arms (and hide balls under them)"),
        clean: bool = typer.Option(False, "--clean", help="square camera, no lens, noise, blur or light falloff"),
        table: str = typer.Option("9ft", "--table", help="table size: 9ft, 8ft or 7ft"),
        name: str = typer.Option(None, "--name", help="file name stem (default: the scenario name)"),
        suite: str = typer.Option(None, "--suite", help="render every scenario of a suite (eval, singles, sequences)"),
        seeds: str = typer.Option(None, "--seeds", help="with --suite: seeds, e.g. 100-119 or 1,4,9"),
        list_: bool = typer.Option(False, "--list", help="list the scenarios and suites and exit"),
    ) -> None:
        """Make a synthetic clip: NAME.mp4, .truth.jsonl, .calls.jsonl, .calibration.json, .trajectory.npz."""
        from cueref.synth.scenarios import SCENARIOS, SUITES, get_scenario

        if list_:
            for sc in SCENARIOS.values():
                typer.echo(f"{sc.name:18} {sc.game:14} {sc.kind:9} {sc.description}")
            for s_name, names in SUITES.items():
                typer.echo(f"suite {s_name}: {', '.join(names)}")
            return
        if out is None:
            raise ConfigError("--out DIR is required (where the clip's files go)")
        if suite is not None:
            if suite not in SUITES:
                raise ConfigError(f"--suite must be one of {', '.join(SUITES)}, got {suite!r}")
            jobs = [(n, s, f"{n}-{s}") for n in SUITES[suite] for s in parse_seeds(seeds or str(seed))]
        else:
            if scenario is None:
                raise ConfigError("give --scenario NAME (or --suite NAME, or --list)")
            get_scenario(scenario)
            jobs = [(scenario, sd, name or (scenario if seeds is None else f"{scenario}-{sd}"))
                    for sd in (parse_seeds(seeds) if seeds else [seed])]
        from cueref.synth.clip import render_clip, simulate_scenario

        for sc_name, sd, stem in jobs:
            clip = simulate_scenario(sc_name, sd, table=table, occlusion=occlusion)
            summary = render_clip(clip, out, name=stem, fps=fps, res=res, cloth=cloth, realistic=not clean,
                                  seed=sd)
            typer.echo(f"{stem}: {summary['frames']} frames, {summary['duration']:.1f} s of video, "
                       f"{len(clip.shots)} shot(s), made in {summary['total_s']:.1f} s -> {out}")
