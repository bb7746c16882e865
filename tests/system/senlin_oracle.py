"""Senlin's own placement policies, run on the cases Berth's test sends.

Reads {"cases": [...]} on stdin, each case a policy spec, an action (name,
inputs, data), the cluster's bounds, its nodes per region or zone and the
regions or zones the cloud finds usable; prints {"results": [data, ...]}:
the action's data after Senlin's RegionPlacementPolicy or ZonePlacementPolicy
pre_op, exactly as Senlin leaves it. Only Keystone, Nova and the database are
stood in for (they answer with the case's figures); every rule is Senlin's.
"""
import copy
import json
import logging
import sys
from unittest import mock

from oslo_config import cfg

import senlin.conf  # noqa: F401  (registers Senlin's options)
from senlin.objects import cluster as co
from senlin.objects import node as no
from senlin.engine import cluster as cm
from senlin.policies import region_placement
from senlin.policies import zone_placement


class Cluster:
    def __init__(self, case):
        bounds = case["cluster"]
        self.min_size = bounds["min_size"]
        self.max_size = bounds["max_size"]
        self.desired_capacity = bounds["desired_capacity"]
        self.current = case["current"]
        self.nodes = [object()] * sum(self.current.values())
        self.user = self.project = "berth"
        self.rt = {"profile": Profile(case["action"].get("profile", {}))}

    def get_region_distribution(self, regions):
        return {r: self.current.get(r, 0) for r in regions}

    def get_zone_distribution(self, context, zones):
        return {z: self.current.get(z, 0) for z in zones}


class Profile:
    CONTEXT = "context"
    AVAILABILITY_ZONE = "availability_zone"

    def __init__(self, profile):
        self.properties = {
            "context": {k: v for k, v in profile.items() if k == "region_name"},
            "availability_zone": profile.get("availability_zone"),
        }


class Action:
    RES_OK = "OK"
    RES_ERROR = "ERROR"

    def __init__(self, case, cluster):
        self.action = case["action"]["name"]
        self.inputs = copy.deepcopy(case["action"]["inputs"])
        # What Senlin's policy_check sets before any policy runs.
        self.data = copy.deepcopy(case["action"]["data"])
        self.data["status"] = "OK"
        self.context = mock.Mock()
        self.entity = cluster


class Usable:
    def __init__(self, names):
        self.names = names

    def validate_regions(self, regions):
        return [r for r in regions if r in self.names]

    def validate_azs(self, zones):
        return [z for z in zones if z in self.names]


def run(case):
    try:
        return decide(case)
    except Exception as error:  # Senlin's own failure, shown beside Berth's answer
        return {"exception": "%s: %s" % (type(error).__name__, error)}


def decide(case):
    cluster = Cluster(case)
    action = Action(case, cluster)
    spec = case["spec"]
    usable = Usable(case["available"])
    if spec["type"] == "senlin.policy.region_placement":
        policy = region_placement.RegionPlacementPolicy("p", spec)
        policy._keystoneclient = usable
    else:
        policy = zone_placement.ZonePlacementPolicy("p", spec)
        policy._novaclient = usable
    total = len(cluster.nodes)
    with mock.patch.object(cm.Cluster, "load", return_value=cluster), \
            mock.patch.object(co.Cluster, "get", return_value=cluster), \
            mock.patch.object(no.Node, "count_by_cluster", return_value=total):
        policy.pre_op("cluster", action)
    return action.data


def main():
    logging.disable(logging.CRITICAL)  # Senlin logs each refusal; its data says it
    cfg.CONF([], project="senlin", default_config_files=[])
    # Berth's bound on an application, so that Senlin's own (1,000) is not
    # what the comparison finds.
    cfg.CONF.set_override("max_nodes_per_cluster", 1000000)
    cases = json.load(sys.stdin)["cases"]
    json.dump({"results": [run(c) for c in cases]}, sys.stdout)


if __name__ == "__main__":
    main()
