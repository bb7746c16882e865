"""Availability zones (one host aggregate each), flavors and an image for the
test OpenStack, as the admin: idempotent."""
import json
import sys

from osapi import KEYSTONE as KS, public_endpoints, request, token


def main():
    zones = json.loads(sys.argv[1])  # {"RegionOne": {"az-one-a": "r1-compute1", ...}, ...}
    admin_password = sys.argv[2]
    t, body = token("admin", admin_password, "admin")
    compute = public_endpoints(body, "compute")
    for region, azs in zones.items():
        url = compute[region]
        _, aggs = request("GET", url + "/os-aggregates", t)
        have = {a["name"]: a for a in aggs["aggregates"]}
        for az, host in azs.items():
            agg = have.get(az)
            if not agg:
                _, made = request("POST", url + "/os-aggregates", t,
                                  {"aggregate": {"name": az, "availability_zone": az}})
                agg = made["aggregate"]
            if host not in agg.get("hosts", []):
                request("POST", url + "/os-aggregates/%s/action" % agg["id"], t,
                        {"add_host": {"host": host}})
        _, flavors = request("GET", url + "/flavors", t)
        names = {f["name"] for f in flavors["flavors"]}
        # m1.huge: more memory than any compute host has.
        for name, vcpus, ram, disk in (("m1.tiny", 1, 256, 1), ("m1.small", 1, 1024, 10),
                                       ("m1.medium", 2, 2048, 20), ("m1.huge", 64, 1048576, 100)):
            if name not in names:
                request("POST", url + "/flavors", t, {"flavor": {
                    "name": name, "vcpus": vcpus, "ram": ram, "disk": disk}})
    # Berth's project may ask for what no host holds (m1.huge): the scheduler,
    # not the quota, refuses it. The quota tests lower it themselves.
    _, projects = request("GET", KS + "/projects?name=berth", t)
    project = projects["projects"][0]["id"]
    for url in compute.values():
        request("PUT", url + "/os-quota-sets/" + project, t,
                {"quota_set": {"cores": -1, "ram": -1, "instances": 1000}})
    _, images = request("GET", "http://127.0.0.1:9292/v2/images?name=ubuntu-22.04", t)
    if not images["images"]:
        _, image = request("POST", "http://127.0.0.1:9292/v2/images", t, {
            "name": "ubuntu-22.04", "disk_format": "raw", "container_format": "bare",
            "visibility": "public"})
        request("PUT", "http://127.0.0.1:9292/v2/images/%s/file" % image["id"], t,
                raw=b"berth test image\n")


if __name__ == "__main__":
    main()
