"""Keystone for the test OpenStack, as the admin, idempotent: regions, the
services and their endpoints in every region, the service users, and a
project and user for Berth. Prints their ids."""
import json
import sys

from osapi import KEYSTONE as KS, ApiError, request, token


def call(method, path, t=None, body=None):
    return request(method, KS + path, t, body)


def find(t, kind, name, key=None):
    _, data = call("GET", "/%s?name=%s" % (kind, name), t)
    items = data[key or kind]
    return items[0] if items else None


def ensure(t, kind, singular, body):
    found = find(t, kind, body["name"])
    if found:
        return found
    _, data = call("POST", "/" + kind, t, {singular: body})
    return data[singular]


def main():
    regions = sys.argv[1].split(",")   # RegionOne,RegionTwo
    ports = json.loads(sys.argv[2])    # {"RegionOne": {"compute": 8774, "placement": 8778}, ...}
    glance_port = int(sys.argv[3])
    password = sys.argv[4]
    admin_password = sys.argv[5]
    t, _ = token("admin", admin_password, "admin")
    for r in regions:
        try:
            call("POST", "/regions", t, {"region": {"id": r}})
        except ApiError as e:
            if e.status != 409:
                raise
    service_project = ensure(t, "projects", "project",
                             {"name": "service", "domain_id": "default"})
    admin_role = find(t, "roles", "admin")
    member = ensure(t, "roles", "role", {"name": "member"})
    for user in ("nova", "placement", "glance"):
        u = ensure(t, "users", "user", {"name": user, "password": password,
                                        "domain_id": "default"})
        call("PUT", "/projects/%s/users/%s/roles/%s" % (service_project["id"], u["id"],
                                                        admin_role["id"]), t)
    _, svcs = call("GET", "/services", t)
    existing = {s["type"]: s for s in svcs["services"]}
    _, eps = call("GET", "/endpoints", t)
    have = {(e["service_id"], e["region_id"], e["interface"]) for e in eps["endpoints"]}
    for kind, name, url_of in (
            ("compute", "nova", lambda r: "http://127.0.0.1:%d/v2.1" % ports[r]["compute"]),
            ("placement", "placement", lambda r: "http://127.0.0.1:%d" % ports[r]["placement"]),
            ("image", "glance", lambda r: "http://127.0.0.1:%d" % glance_port),
            ("identity", "keystone", lambda r: KS)):
        svc = existing.get(kind)
        if not svc:
            _, data = call("POST", "/services", t, {"service": {"type": kind, "name": name}})
            svc = data["service"]
        for r in regions:
            for interface in ("public", "internal", "admin"):
                if (svc["id"], r, interface) not in have:
                    call("POST", "/endpoints", t, {"endpoint": {
                        "service_id": svc["id"], "region_id": r, "interface": interface,
                        "url": url_of(r)}})
    project = ensure(t, "projects", "project", {"name": "berth", "domain_id": "default"})
    user = ensure(t, "users", "user", {"name": "berth", "password": password,
                                       "domain_id": "default", "default_project_id": project["id"]})
    call("PUT", "/projects/%s/users/%s/roles/%s" % (project["id"], user["id"], member["id"]), t)
    call("PUT", "/projects/%s/users/%s/roles/%s" % (project["id"], user["id"],
                                                     admin_role["id"]), t)
    print(json.dumps({"project": project["id"], "user": user["id"]}))


if __name__ == "__main__":
    main()
