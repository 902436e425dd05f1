-- wrk script: sends the key from $PAYD_KEY on every request.
wrk.headers["X-API-Key"] = os.getenv("PAYD_KEY")
