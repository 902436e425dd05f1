#!/usr/bin/env python3
"""docs/openapi.yaml as JSON, for payd to embed and serve at /openapi.json (CMakeLists.txt).

Debian's python3-yaml does the reading, so that the C++ build needs no Node. It reads YAML 1.1,
which would take unquoted dates and yes/no for other types: the document quotes such values, and
tests/e2e/reference.test.mjs checks that /openapi.json is the document as the YAML 1.2 reader of
the e2e harness (npm `yaml`) reads it.
"""
import json
import sys

import yaml

source, target = sys.argv[1], sys.argv[2]
with open(source, encoding="utf-8") as f:
    document = yaml.safe_load(f)
with open(target, "w", encoding="utf-8") as f:
    json.dump(document, f, ensure_ascii=False, separators=(",", ":"))
    f.write("\n")
