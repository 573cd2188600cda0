#!/usr/bin/env python3
"""scripts/count_tests.py: count the tests that ran in meson build dirs and print 'N passed, M failed'.

A Catch2 program or pytest counts its test cases (from the JUnit report it wrote; a skipped
case counts as failed); any other meson test counts as one. A build dir whose test log is missing counts as one failure.
"""
import json
import os
import sys
import xml.etree.ElementTree as ET

passed = failed = 0
for build in sys.argv[1:]:
    log = os.path.join(build, "meson-logs", "testlog.json")
    if not os.path.exists(log):
        print(f"{build}: no test log (build failed?)")
        failed += 1
        continue
    for line in open(log):
        t = json.loads(line)
        junit = None
        for i, a in enumerate(t.get("command", [])):
            if a == "-o" and i + 1 < len(t["command"]) and t["command"][i + 1].endswith(".xml"):
                junit = t["command"][i + 1]
            if a.startswith("--junitxml="):  # pytest
                junit = a[len("--junitxml="):]
        if junit and os.path.exists(junit) and t["result"] in ("OK", "FAIL"):
            root = ET.parse(junit).getroot()
            for case in root.iter("testcase"):
                # a skipped test counts as failed: every test the suite holds must run
                bad = any(case.find(k) is not None for k in ("failure", "error", "skipped"))
                if bad:
                    failed += 1
                    print(f"FAILED {build} {t['name']}: {case.get('name')}")
                else:
                    passed += 1
            if t["result"] == "FAIL" and not any(True for _ in root.iter("failure")) and not any(True for _ in root.iter("error")):
                failed += 1
                print(f"FAILED {build} {t['name']} (exit code)")
        elif t["result"] in ("OK", "EXPECTEDFAIL"):
            passed += 1
        else:
            failed += 1
            print(f"FAILED {build} {t['name']}: {t['result']}")
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
