#!/usr/bin/env python3
"""Checks action.yml (the composite GitHub Action) and the workflows that use it (issue 13).

actionlint lints workflows, not action metadata, so this script
  1. checks action.yml's structure against GitHub's metadata syntax for composite actions
     (keys, inputs with descriptions and string defaults, outputs with values, steps with a
     shell for every `run`, branding), and that every `inputs.X` and `steps.Y` it names exists;
  2. lints the action's steps with actionlint, transplanted into a workflow whose
     workflow_dispatch inputs are the action's inputs (so expressions, the inputs of the
     actions it uses, and the shell of each `run` — with shellcheck — are checked);
  3. lints each example workflow given, with its `uses: OWNER/aasa-check@REF` pointed at the
     local action, so actionlint also checks the inputs it passes and the outputs it reads
     against action.yml.

Usage: lint-action.py ACTIONLINT ACTION_YML [WORKFLOW.yml...]
Exit status 0 when everything passes; each problem is printed on its own line.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

import yaml

TOP_KEYS = {"name", "author", "description", "inputs", "outputs", "runs", "branding"}
INPUT_KEYS = {"description", "required", "default", "deprecationMessage"}
STEP_KEYS = {"name", "id", "if", "run", "shell", "uses", "with", "env", "working-directory", "continue-on-error"}
COLORS = {"white", "black", "yellow", "blue", "green", "orange", "red", "purple", "gray-dark"}
EXAMPLE_USES = re.compile(r"uses:\s*[A-Za-z0-9_.-]+/aasa-check@[A-Za-z0-9_.-]+")


def structure(action):
    problems = []
    if not isinstance(action, dict):
        return ["action.yml is not a mapping"]
    for key in set(action) - TOP_KEYS:
        problems.append(f"unknown top-level key {key!r}")
    for key in ("name", "description", "runs"):
        if key not in action:
            problems.append(f"missing {key!r}")
    inputs = action.get("inputs") or {}
    for name, spec in inputs.items():
        if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_-]*", name):
            problems.append(f"input {name!r}: not a valid input id")
        if not isinstance(spec, dict) or not isinstance(spec.get("description"), str) or not spec["description"].strip():
            problems.append(f"input {name!r}: needs a description")
            continue
        for key in set(spec) - INPUT_KEYS:
            problems.append(f"input {name!r}: unknown key {key!r}")
        if "default" in spec and not isinstance(spec["default"], str):
            problems.append(f"input {name!r}: default must be a string (quote it), got {spec['default']!r}")
        if "required" in spec and not isinstance(spec["required"], bool):
            problems.append(f"input {name!r}: required must be true or false")
    outputs = action.get("outputs") or {}
    runs = action.get("runs") or {}
    if runs.get("using") != "composite":
        problems.append("runs.using must be composite")
    steps = runs.get("steps") or []
    if not steps:
        problems.append("runs.steps is empty")
    ids = []
    for i, step in enumerate(steps):
        where = f"step {i + 1} ({step.get('name', step.get('id', '?'))})"
        for key in set(step) - STEP_KEYS:
            problems.append(f"{where}: unknown key {key!r}")
        if ("run" in step) == ("uses" in step):
            problems.append(f"{where}: needs exactly one of run and uses")
        if "run" in step and step.get("shell") not in {"bash", "sh", "pwsh", "python", "cmd", "powershell"}:
            problems.append(f"{where}: a run step of a composite action needs a shell")
        if "id" in step:
            ids.append(step["id"])
    for name, spec in outputs.items():
        if not isinstance(spec, dict) or "value" not in spec or "description" not in spec:
            problems.append(f"output {name!r}: a composite action's output needs a description and a value")
    text = yaml.safe_dump(action)
    for name in set(re.findall(r"\binputs\.([A-Za-z0-9_-]+)", text)):
        if name not in inputs:
            problems.append(f"inputs.{name} is used but not declared")
    for name in set(re.findall(r"\bsteps\.([A-Za-z0-9_-]+)\.", text)):
        if name not in ids:
            problems.append(f"steps.{name} is used but no step has that id")
    branding = action.get("branding") or {}
    if branding and branding.get("color") not in COLORS:
        problems.append(f"branding.color must be one of {sorted(COLORS)}")
    return problems


def transplant(action):
    """The action's steps as a workflow job, its inputs as workflow_dispatch inputs."""
    inputs = {
        name: {"description": spec["description"], "required": False, "type": "string",
               **({"default": spec["default"]} if "default" in spec and "${{" not in spec["default"] else {})}
        for name, spec in (action.get("inputs") or {}).items()
    }
    return {
        "name": "action.yml steps",
        "on": {"workflow_dispatch": {"inputs": inputs}},
        "permissions": {"contents": "read", "security-events": "write"},
        "jobs": {"action": {"runs-on": "ubuntu-latest", "steps": action["runs"]["steps"]}},
    }


def run_actionlint(actionlint, root, files):
    env = dict(os.environ, NO_COLOR="1")
    shellcheck = shutil.which("shellcheck") or ""
    result = subprocess.run([actionlint, "-no-color", "-oneline", "-shellcheck", shellcheck, "-pyflakes", "", *files],
                            cwd=root, capture_output=True, text=True, env=env)
    return [line for line in (result.stdout + result.stderr).splitlines() if line.strip()], result.returncode


def main():
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    actionlint, action_path, workflows = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3:]
    with open(action_path) as f:
        action = yaml.safe_load(f)
    problems = [f"{action_path}: {p}" for p in structure(action)]
    if problems:
        print("\n".join(problems))
        return 1
    with tempfile.TemporaryDirectory() as root:
        os.makedirs(os.path.join(root, ".github", "workflows"))
        shutil.copy(action_path, os.path.join(root, "action.yml"))
        subprocess.run(["git", "init", "-q", root], check=True)
        files = []
        path = os.path.join(".github", "workflows", "action-steps.yml")
        with open(os.path.join(root, path), "w") as f:
            yaml.safe_dump(transplant(action), f, sort_keys=False)
        files.append(path)
        for i, workflow in enumerate(workflows):
            with open(workflow) as f:
                text = f.read()
            if not EXAMPLE_USES.search(text):
                problems.append(f"{workflow}: does not use the action (uses: OWNER/aasa-check@REF)")
            path = os.path.join(".github", "workflows", f"example-{i + 1}-{os.path.basename(workflow)}")
            with open(os.path.join(root, path), "w") as f:
                f.write(EXAMPLE_USES.sub("uses: ./", text))
            files.append(path)
        lines, status = run_actionlint(actionlint, root, files)
        problems += lines
        if status != 0 and not lines:
            problems.append(f"actionlint exited with {status}")
    if problems:
        print("\n".join(problems))
        return 1
    print(f"lint-action: {action_path} and {len(workflows)} workflow(s) pass (actionlint"
          f"{', shellcheck' if shutil.which('shellcheck') else ''})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
