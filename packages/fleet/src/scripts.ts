// The Lua scripts the fleet runs in Redis: each one is atomic there, so processes never interleave
// within a read-modify-write. Time inside the budget scripts is the Redis server's (TIME), one
// clock for every process, so that clocks that differ between hosts do not matter.

/** Deletes KEYS[1] only while it holds ARGV[1]: a newer value another process wrote is kept. */
export const COMPARE_AND_DELETE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

// The budget's state, a hash: remaining (absent: no limit seen), limit, resetAt (0: unknown),
// floor (the earliest the window can end), longest (the longest RateLimit-Reset seen, ms) and
// inFlight (requests granted and not yet answered, across the fleet). It is the runtime's
// `RateWindow` estimate, kept in Redis for every process instead of in one.
const STATE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local exists = redis.call('EXISTS', KEYS[1]) == 1
local s = redis.call('HMGET', KEYS[1], 'remaining', 'limit', 'resetAt', 'floor', 'longest', 'inFlight')
local remaining, limit = tonumber(s[1]), tonumber(s[2])
local resetAt, floor, longest, inFlight = tonumber(s[3]) or 0, tonumber(s[4]) or 0, tonumber(s[5]) or 0, tonumber(s[6]) or 0
local function rollOver()
  if resetAt ~= 0 and now >= resetAt then
    remaining = limit
    resetAt = 0
    floor = floor + longest
  end
end
local function save()
  if remaining == nil then redis.call('HDEL', KEYS[1], 'remaining')
  else redis.call('HSET', KEYS[1], 'remaining', remaining) end
  if limit ~= nil then redis.call('HSET', KEYS[1], 'limit', limit) end
  redis.call('HSET', KEYS[1], 'resetAt', resetAt, 'floor', floor, 'longest', longest, 'inFlight', inFlight)
  redis.call('PEXPIRE', KEYS[1], 3600000)
end
`;

/**
 * Asks for one request. KEYS: budget, learning marker; ARGV: learningMs, maxWaitMs (-1: none).
 * Returns 0 when it may go (then counted), or how many ms to wait before asking again.
 */
export const TAKE = `${STATE}
local learningMs, maxWaitMs = tonumber(ARGV[1]), tonumber(ARGV[2])
if not exists then
  -- A cold fleet: the first request learns the limit for all; the others wait for its answer
  -- (the budget exists from the first answer on), asking again every 50 ms, and no longer than
  -- learningMs after it went.
  local ends = tonumber(redis.call('GET', KEYS[2]))
  if ends == nil then
    redis.call('SET', KEYS[2], now + learningMs, 'PX', 60000)
    return 0
  end
  if now < ends then return math.min(ends - now, 50) end
  return 0
end
rollOver()
if remaining ~= nil and remaining <= 0 and not (resetAt == 0 and inFlight == 0) then
  local wait = 1000
  if resetAt ~= 0 then wait = math.max(1, resetAt - now) end
  if maxWaitMs < 0 or wait <= maxWaitMs then
    save()
    return wait
  end
end
if remaining ~= nil and remaining > 0 then remaining = remaining - 1 end
inFlight = inFlight + 1
save()
return 0`;

/**
 * Records an answer. KEYS: budget; ARGV: hasWindow (1: remaining and reset given), remaining,
 * resetSeconds, limit ('' when absent), sentAgoMs (how long ago the attempt went out).
 */
export const RECORD = `${STATE}
inFlight = math.max(0, inFlight - 1)
if ARGV[4] ~= '' then limit = tonumber(ARGV[4]) end
if ARGV[1] == '1' then
  rollOver()
  local reported, resetMs = tonumber(ARGV[2]), math.max(0, tonumber(ARGV[3]) * 1000)
  longest = math.max(longest, resetMs)
  local estimate = math.max(0, reported - inFlight)
  local earliest, latest = now - tonumber(ARGV[5]) + resetMs, now + resetMs
  if resetAt == 0 or remaining == nil then
    if latest >= floor then
      remaining = estimate
      resetAt = latest
      floor = math.max(floor, earliest)
    end
  else
    remaining = math.min(remaining, estimate)
    if earliest > resetAt then
      resetAt = latest
      floor = earliest
    elseif latest >= floor then
      resetAt = math.min(resetAt, latest)
      floor = math.max(floor, earliest)
    end
  end
end
save()
return 0`;

/** Spends the budget for ARGV[1] ms (a 429 said to wait that long). KEYS: budget. */
export const BLOCK = `${STATE}
remaining = 0
resetAt = math.max(resetAt, now + tonumber(ARGV[1]))
save()
return 0`;

// The lease of a follower, a hash: holder (who took it), token (the fencing token of that grant),
// expiresAt (epoch ms on the holders' clock) and checkpoint (JSON text, kept across holders). The
// fencing token is the server's run_id and a counter: a server restarted without its data counts
// from 1 again, but under a new run_id, so no token is ever given out twice.

/**
 * Takes the lease when free or expired (a new token), or extends it for the holder that has it
 * (its token). KEYS: lease, fence counter; ARGV: holder, now, ttlMs. Returns {0} while another
 * holds it, or {1, token, checkpoint ('' when none)}.
 * While another holds it: {0, expiresAt}.
 */
export const LEASE_ACQUIRE = `
local h = redis.call('HMGET', KEYS[1], 'holder', 'token', 'expiresAt', 'checkpoint')
local now, ttl = tonumber(ARGV[2]), tonumber(ARGV[3])
if h[1] and h[1] ~= '' and now < (tonumber(h[3]) or 0) then
  if h[1] ~= ARGV[1] then return {0, h[3]} end
  redis.call('HSET', KEYS[1], 'expiresAt', now + ttl)
  return {1, h[2], h[4] or ''}
end
local n = redis.call('INCR', KEYS[2])
local runId = string.match(redis.call('INFO', 'server'), 'run_id:(%x+)')
local token = runId .. ':' .. n
redis.call('HSET', KEYS[1], 'holder', ARGV[1], 'token', token, 'expiresAt', now + ttl)
return {1, token, h[4] or ''}`;

/** Extends the lease while ARGV[1] is its token. KEYS: lease; ARGV: token, now, ttlMs. 1 or 0. */
export const LEASE_RENEW = `
if redis.call('HGET', KEYS[1], 'token') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'expiresAt', tonumber(ARGV[2]) + tonumber(ARGV[3]))
return 1`;

/**
 * Stores the checkpoint and extends the lease while ARGV[1] is its token: a stale holder's write
 * is refused. KEYS: lease; ARGV: token, now, ttlMs, checkpoint. 1 or 0.
 */
export const LEASE_COMMIT = `
if redis.call('HGET', KEYS[1], 'token') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'expiresAt', tonumber(ARGV[2]) + tonumber(ARGV[3]), 'checkpoint', ARGV[4])
return 1`;

/** Frees the lease (the checkpoint stays) while ARGV[1] is its token. KEYS: lease. 1 or 0. */
export const LEASE_RELEASE = `
if redis.call('HGET', KEYS[1], 'token') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'holder', '', 'expiresAt', 0)
return 1`;
