"""What the harness tells the story (tools/generators/src/story.ts, `storyEnv`), and what the
earlier steps changed, for the events step to find."""

import base64
import os
import random
import time


def env(name: str) -> str:
    value = os.environ.get(f"X_STORY_{name}")
    if not value:
        raise RuntimeError(f"X_STORY_{name} is not set: run the story from pnpm generators")
    return value


def tolerance() -> bool:
    """The emulator puts unknown enum values and unknown properties into responses."""
    return env("MODE") == "tolerance"


def basic(client_id: str, client_secret: str) -> str:
    """HTTP Basic credentials, for an AuthenticatedClient with prefix "Basic"."""
    return base64.b64encode(f"{client_id}:{client_secret}".encode()).decode()


# A value for names that no earlier run of this story used.
RUN_ID = f"{int(time.time() * 1000):x}{random.randrange(1 << 24):x}"

# The names the earlier steps gave what they created, by step.
changes: dict[str, str] = {}
