"""An application credential for Berth's user: reused from FILE while it
still authenticates, otherwise made anew and written there (0600). Prints it."""
import json
import os
import sys
import time
import urllib.error
import urllib.request

KS = "http://127.0.0.1:5000/v3"


def post(path, body, token=None):
    req = urllib.request.Request(KS + path, method="POST", data=json.dumps(body).encode())
    req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("X-Auth-Token", token)
    with urllib.request.urlopen(req) as r:
        return r.headers, json.loads(r.read() or b"{}")


def works(credential):
    try:
        post("/auth/tokens", {"auth": {"identity": {
            "methods": ["application_credential"],
            "application_credential": {"id": credential["id"],
                                       "secret": credential["secret"]}}}})
        return True
    except urllib.error.HTTPError:
        return False


def main():
    path, user, password, project = sys.argv[1:5]
    if os.path.exists(path):
        with open(path) as f:
            credential = json.load(f)
        if works(credential):
            print(json.dumps(credential))
            return
    headers, body = post("/auth/tokens", {"auth": {
        "identity": {"methods": ["password"], "password": {"user": {
            "name": user, "domain": {"id": "default"}, "password": password}}},
        "scope": {"project": {"name": project, "domain": {"id": "default"}}}}})
    token = headers["X-Subject-Token"]
    user_id = body["token"]["user"]["id"]
    _, made = post("/users/%s/application_credentials" % user_id, {"application_credential": {
        "name": "berth-%d" % int(time.time())}}, token)
    credential = {"id": made["application_credential"]["id"],
                  "secret": made["application_credential"]["secret"]}
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as f:
        json.dump(credential, f)
    print(json.dumps(credential))


if __name__ == "__main__":
    main()
