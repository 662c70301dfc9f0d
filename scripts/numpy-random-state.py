# Reference draws of numpy's legacy RandomState, the generator WorkArena seeds its tasks with,
# for test/numpy-random-state.test.ts. Run with numpy installed:
#   python3 scripts/numpy-random-state.py > test/fixtures/numpy/random-state.json
import json
import numpy as np

RANGES = [(0, 1000), (1000, 9999), (0, 10), (0, 500), (0, 2), (0, 1), (0, 75), (0, 1 << 31), (0, (1 << 32) - 1), (0, 1 << 32)]

draws = {}
for seed in [0, 1, 42, 12345, 4294967295]:
    state = np.random.RandomState(seed)
    draws[str(seed)] = [[low, high, int(state.randint(low, high))] for low, high in RANGES for _ in range(3)]

# WorkArena's L1 list (BrowserGym's workarena_l1): RandomState(42), ten seeds per task in turn.
l1 = np.random.RandomState(42)
print(json.dumps({
    "numpy": np.__version__,
    "draws": draws,
    "l1Seeds": [[int(x) for x in l1.randint(0, 1000, 10)] for _ in range(33)],
}))
