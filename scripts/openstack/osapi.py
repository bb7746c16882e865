"""The HTTP calls the rig's set-up scripts make to Keystone, Nova and Glance."""
import json
import time
import urllib.error
import urllib.request

KEYSTONE = "http://127.0.0.1:5000/v3"


class ApiError(Exception):
    def __init__(self, status, body):
        super().__init__("HTTP %d: %s" % (status, body))
        self.status = status
        self.body = body


# No call waits for ever: a service that does not answer within this is retried
# a few times (it may be starting), then reported.
TIMEOUT_S = 60
TRIES = 4


def exchange(method, url, token=None, body=None, raw=None):
    """One request; gives (status, headers, parsed body) whatever the status."""
    for attempt in range(1, TRIES + 1):
        try:
            return exchange_once(method, url, token, body, raw)
        except (urllib.error.URLError, TimeoutError, ConnectionError) as e:
            if attempt == TRIES:
                raise RuntimeError("%s %s: no answer after %d tries: %s"
                                   % (method, url, TRIES, getattr(e, "reason", e))) from e
            time.sleep(2 * attempt)


def exchange_once(method, url, token=None, body=None, raw=None):
    data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
    req = urllib.request.Request(url, method=method, data=data)
    req.add_header("Content-Type",
                   "application/octet-stream" if raw is not None else "application/json")
    req.add_header("OpenStack-API-Version", "compute 2.79")
    if token:
        req.add_header("X-Auth-Token", token)
    try:
        with urllib.request.urlopen(req, timeout=TIMEOUT_S) as r:
            status, headers, text = r.status, r.headers, r.read()
    except urllib.error.HTTPError as e:
        status, headers, text = e.code, e.headers, e.read()
    try:
        parsed = json.loads(text) if text else None
    except ValueError:
        parsed = text.decode(errors="replace")
    return status, headers, parsed


def request(method, url, token=None, body=None, raw=None):
    """One request that must succeed: (headers, parsed body), or ApiError."""
    status, headers, parsed = exchange(method, url, token, body, raw)
    if status >= 400:
        raise ApiError(status, parsed)
    return headers, parsed if parsed is not None else {}


def password_auth(user, password, project):
    return {"auth": {
        "identity": {"methods": ["password"], "password": {"user": {
            "name": user, "domain": {"id": "default"}, "password": password}}},
        "scope": {"project": {"name": project, "domain": {"id": "default"}}}}}


def token(user, password, project):
    """A project-scoped token and the token reply (with its catalog)."""
    headers, body = request("POST", KEYSTONE + "/auth/tokens",
                            body=password_auth(user, password, project))
    return headers["X-Subject-Token"], body


def public_endpoints(token_reply, service_type):
    """Region -> the public URL of a service type, from a token reply's catalog."""
    return {e["region_id"]: e["url"] for s in token_reply["token"]["catalog"]
            if s["type"] == service_type for e in s["endpoints"] if e["interface"] == "public"}
