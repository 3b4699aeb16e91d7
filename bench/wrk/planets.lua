-- wrk script for GET /v1/planets, usable against the Rust service and the
-- Python peer (bench/python_peer) alike.
--
--   wrk -t2 -c32 -d10s -s bench/wrk/planets.lua http://127.0.0.1:8090 -- KEY
--   ORRERY_API_KEY=KEY wrk -t2 -c32 -d10s -s bench/wrk/planets.lua http://127.0.0.1:8080
--
-- The API key comes from the first script argument (after "--") or else the
-- ORRERY_API_KEY environment variable, and is sent as X-API-Key.
-- Each request takes the next of 1000 fixed instants spread over 1900-2050
-- (deterministic; every thread starts at a different offset): the same path
-- repeats only after 1000 requests per thread, so a small cache cannot serve
-- the run, but one of a few thousand entries could. Neither server has one:
-- the figures measure the calculation.

local N = 1000
local paths = {}
for i = 0, N - 1 do
  paths[i + 1] = string.format(
    "/v1/planets?datetime=%04d-%02d-%02dT%02d:%02d:%02dZ",
    1900 + (i * 37) % 151, 1 + (i * 7) % 12, 1 + (i * 13) % 28,
    (i * 5) % 24, (i * 11) % 60, (i * 17) % 60)
end

local next_id = 0
function setup(thread)
  thread:set("id", next_id)
  next_id = next_id + 1
end

local requests = {}
local pos = 1

function init(args)
  local key = args[1] or os.getenv("ORRERY_API_KEY")
  if key == nil or key == "" then
    error("planets.lua: give the API key as `-- KEY` or in ORRERY_API_KEY")
  end
  wrk.headers["X-API-Key"] = key
  wrk.headers["Accept"] = "application/json"
  for i = 1, N do
    requests[i] = wrk.format("GET", paths[i])
  end
  pos = ((id or 0) * 397) % N + 1
end

function request()
  local r = requests[pos]
  pos = pos % N + 1
  return r
end
