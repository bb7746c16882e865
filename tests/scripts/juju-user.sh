#!/bin/bash
# A Juju 3.6 user's deployment script, as written for juju: run by
# tst_waitfor with "juju" on the PATH being berthctl, against a model whose
# provisioner runs (as a controller's would).
set -euo pipefail

juju switch ci-test
juju model-config num-provision-workers=8 provisioner-harvest-mode=destroyed \
    num-container-provision-workers=2 resource-tags="team=ci cost-centre=42"
juju model-config num-provision-workers

juju deploy ubuntu web --num-units 2 --constraints "mem=2G" --channel stable --series jammy
juju wait-for application web --query 'life=="alive" && forEach(units, unit => unit.agent-status == "idle")' --timeout 5m

juju scale-application web 4
juju add-unit web -n 1
juju wait-for model ci-test --query 'forEach(machines, m => m.status == "started") && len(units) == 5' --timeout 5m
juju wait-for unit web/4 --timeout 1m

juju remove-unit web/0 --force --no-wait
juju status --format summary
juju status --format oneline
juju status --integrations --format json > status.json
