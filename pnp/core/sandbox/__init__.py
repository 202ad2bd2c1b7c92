"""The sandbox: THE runner for a game's own Python (custom rules, setups' code, play modules), in worker
processes the operating system holds to limits. `runner` is pnp's side (the parent: start, wait, judge,
locate); `child` is the worker's side (its limits, its audit guard, what it sends back)."""
