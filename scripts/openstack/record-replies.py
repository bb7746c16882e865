"""Records real Keystone and Nova replies from scripts/setup-openstack's rig
for the OpenStack provider's parsing tests (secrets redacted):
    /usr/bin/python3 scripts/openstack/record-replies.py DIR "$(scripts/setup-openstack | tail -1)"
"""
import json
import re
import sys
import time

from osapi import KEYSTONE as KS, exchange as call, password_auth, public_endpoints

OUT = sys.argv[1]
cred = json.loads(sys.argv[2])


def save(name, method, url, status, body, request=None):
    text = json.dumps({"request": {"method": method, "url": url, "body": request},
                       "status": status, "body": body}, indent=2, sort_keys=True)
    text = text.replace(cred["secret"], "REDACTED")
    text = re.sub(r'"adminPass": "[^"]*"', '"adminPass": "REDACTED"', text)
    with open("%s/%s.json" % (OUT, name), "w") as f:
        f.write(text + "\n")


def auth(body):
    status, headers, reply = call("POST", KS + "/auth/tokens", body=body)
    return status, headers.get("X-Subject-Token"), reply


pw = password_auth("berth", "servicepass", "berth")
status, token, reply = auth(pw)
save("keystone-token-password", "POST", "/v3/auth/tokens", status, reply,
     {"auth": {"identity": {"methods": ["password"], "password": {"user": {
         "name": "berth", "domain": {"id": "default"}, "password": "REDACTED"}}},
         "scope": pw["auth"]["scope"]}})
ac = {"auth": {"identity": {"methods": ["application_credential"], "application_credential": {
    "id": cred["id"], "secret": cred["secret"]}}}}
status, token, reply = auth(ac)
save("keystone-token-application-credential", "POST", "/v3/auth/tokens", status, reply, ac)
bad = {"auth": {"identity": {"methods": ["application_credential"], "application_credential": {
    "id": cred["id"], "secret": "wrong"}}}}
status, _, reply = auth(bad)
save("keystone-401-wrong-secret", "POST", "/v3/auth/tokens", status, reply, bad)
compute = public_endpoints(auth(ac)[2], "compute")
n1 = compute["RegionOne"]
for name, path in (("nova-availability-zones", "/os-availability-zone"),
                   ("nova-flavors-detail", "/flavors/detail")):
    status, _, reply = call("GET", n1 + path, token)
    save(name, "GET", path, status, reply)
status, _, images = call("GET", "http://127.0.0.1:9292/v2/images", token)
save("glance-images", "GET", "/v2/images", status, images)
image = images["images"][0]["id"]
flavors = {f["name"]: f["id"] for f in call("GET", n1 + "/flavors", token)[2]["flavors"]}
tag = "berth-model-recorded"


def settled(server):
    """The server once ACTIVE or ERROR: (status of the last GET, its reply)."""
    for _ in range(60):
        status, _, got = call("GET", n1 + "/servers/" + server, token)
        if got["server"]["status"] in ("ACTIVE", "ERROR"):
            break
        time.sleep(0.5)
    return status, got


def boot(name, flavor, az):
    body = {"server": {"name": name, "flavorRef": flavors[flavor], "imageRef": image,
                       "availability_zone": az, "networks": "none",
                       "tags": [tag, "berth-machine-0"], "metadata": {"berth-machine": "0"}}}
    return body, call("POST", n1 + "/servers", token, body)


body, (status, _, reply) = boot("berth-recorded-0", "m1.tiny", "az-one-a")
save("nova-create-server-202", "POST", "/servers", status, reply, body)
sid = reply["server"]["id"]
status, got = settled(sid)
save("nova-server-active", "GET", "/servers/{id}", status, got)
status, _, reply = call("GET", n1 + "/servers/detail?tags=" + tag, token)
save("nova-servers-detail-by-tag", "GET", "/servers/detail?tags=" + tag, status, reply)
body, (status, _, reply) = boot("berth-recorded-1", "m1.huge", "az-one-b")
if status != 202:
    print("m1.huge:", status, reply)
    sys.exit(1)
hid = reply["server"]["id"]
status, got = settled(hid)
save("nova-server-error-no-valid-host", "GET", "/servers/{id}", status, got)
body, (status, _, reply) = boot("berth-recorded-2", "m1.tiny", "az-nowhere")
save("nova-create-server-400-unknown-zone", "POST", "/servers", status, reply, body)
status, _, reply = call("GET", n1 + "/servers/" + sid, "not-a-token")
save("nova-401-bad-token", "GET", "/servers/{id}", status, reply)
for s in (sid, hid):
    status, _, reply = call("DELETE", n1 + "/servers/" + s, token)
save("nova-delete-server-204", "DELETE", "/servers/{id}", status, reply)
time.sleep(3)
status, _, reply = call("GET", n1 + "/servers/" + sid, token)
save("nova-server-404-after-delete", "GET", "/servers/{id}", status, reply)
# Quota: the admin lowers the project's instances to 0, then a boot is refused.
admin = auth(password_auth("admin", "adminpass", "admin"))[1]
project = auth(pw)[2]["token"]["project"]["id"]
for server in call("GET", n1 + "/servers", token)[2]["servers"]:
    call("DELETE", n1 + "/servers/" + server["id"], token)
time.sleep(3)
used = call("GET", n1 + "/os-quota-sets/%s/detail" % project, admin)[2]["quota_set"]["instances"]["in_use"]
status, _, reply = call("PUT", n1 + "/os-quota-sets/" + project, admin, {"quota_set": {"instances": used}})
assert status == 200, reply
body, (status, _, reply) = boot("berth-recorded-3", "m1.tiny", "az-one-a")
save("nova-create-server-403-quota", "POST", "/servers", status, reply, body)
call("PUT", n1 + "/os-quota-sets/" + project, admin, {"quota_set": {"instances": 1000}})
print("recorded")
