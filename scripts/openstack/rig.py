"""What the tests ask the rig's OpenStack as its admin, to check Berth
against OpenStack's own view:
  rig.py servers             every server of project berth, both regions, as
                             JSON: id, region, zone, host, status, tags, metadata
  rig.py quota INSTANCES     project berth's instance quota in both regions;
                             "full": as many as each region runs now
  rig.py groups              project berth's server groups, both regions"""
import json
import sys

from osapi import KEYSTONE as KS, request, token

ADMIN_PASSWORD = "adminpass"  # the rig's, on loopback


def admin():
    t, body = token("admin", ADMIN_PASSWORD, "admin")
    compute = {e["region_id"]: e["url"] for s in body["token"]["catalog"]
               if s["type"] == "compute" for e in s["endpoints"] if e["interface"] == "public"}
    _, projects = request("GET", KS + "/projects?name=berth", t)
    return t, compute, projects["projects"][0]["id"]


def servers():
    t, compute, project = admin()
    found = []
    for region, url in sorted(compute.items()):
        _, reply = request("GET", url + "/servers/detail?all_tenants=1&project_id=" + project, t)
        for s in reply["servers"]:
            found.append({"id": s["id"], "region": region, "status": s["status"],
                          "zone": s.get("OS-EXT-AZ:availability_zone", ""),
                          "host": s.get("OS-EXT-SRV-ATTR:host") or "",
                          "flavor": s["flavor"].get("original_name", ""),
                          "tags": s.get("tags", []), "metadata": s.get("metadata", {})})
    print(json.dumps(found))


def quota(instances):
    t, compute, project = admin()
    for url in compute.values():
        limit = instances
        if instances == "full":
            _, usage = request("GET", url + "/os-quota-sets/%s/detail" % project, t)
            limit = usage["quota_set"]["instances"]["in_use"]
        request("PUT", url + "/os-quota-sets/" + project, t,
                {"quota_set": {"instances": int(limit)}})


def groups():
    t, compute, project = admin()
    found = []
    for region, url in sorted(compute.items()):
        _, reply = request("GET", url + "/os-server-groups?all_projects=1", t)
        for g in reply["server_groups"]:
            if g.get("project_id") == project:
                found.append({"region": region, "name": g["name"], "policy": g["policy"],
                              "rules": g.get("rules", {}), "members": g["members"]})
    print(json.dumps(found))


def main():
    command = sys.argv[1] if len(sys.argv) > 1 else ""
    if command == "servers":
        servers()
    elif command == "quota" and len(sys.argv) == 3:
        quota(sys.argv[2])
    elif command == "groups":
        groups()
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
