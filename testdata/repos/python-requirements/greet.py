"""Greetings read from a YAML configuration."""

import yaml


def load(path):
    with open(path) as f:
        return yaml.safe_load(f)


def greetings(cfg):
    return ["%s, %s!" % (cfg["greeting"], n) for n in cfg["names"]]
