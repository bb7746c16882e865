"""An application credential for Berth's user: reused from FILE while it
still authenticates, otherwise made anew and written there (0600); its
secret alone goes to SECRET_FILE (0600), for `add-cloud --secret-file`.
Prints the credential's id."""
import json
import os
import sys
import time

from osapi import KEYSTONE as KS, ApiError, request, token


def works(credential):
    try:
        request("POST", KS + "/auth/tokens", body={"auth": {"identity": {
            "methods": ["application_credential"],
            "application_credential": {"id": credential["id"],
                                       "secret": credential["secret"]}}}})
        return True
    except ApiError:
        return False


def write_private(path, text):
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(text)


def main():
    path, secret_path, user, password, project = sys.argv[1:6]
    if os.path.exists(path):
        with open(path) as f:
            credential = json.load(f)
        if works(credential):
            write_private(secret_path, credential["secret"])
            print(credential["id"])
            return
    t, body = token(user, password, project)
    user_id = body["token"]["user"]["id"]
    _, made = request("POST", KS + "/users/%s/application_credentials" % user_id, t,
                      {"application_credential": {"name": "berth-%d" % int(time.time())}})
    credential = {"id": made["application_credential"]["id"],
                  "secret": made["application_credential"]["secret"]}
    write_private(path, json.dumps(credential))
    write_private(secret_path, credential["secret"])
    print(credential["id"])


if __name__ == "__main__":
    main()
