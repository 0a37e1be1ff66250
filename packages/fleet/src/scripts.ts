// The Lua scripts the fleet runs in Redis: each one is atomic there, so processes never interleave
// within a read-modify-write. Time inside the budget scripts is the Redis server's (TIME), one
// clock for every process, so that clocks that differ between hosts do not matter.

/** Deletes KEYS[1] only while it holds ARGV[1]: a newer value another process wrote is kept. */
export const COMPARE_AND_DELETE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

// The budget's state, a hash: remaining (absent: no limit seen), limit, resetAt (0: unknown; else
// the latest the server's current window can end), longest (the longest RateLimit-Reset seen, ms),
// inFlight (requests granted and not yet answered, across the fleet), epoch (counts our windows:
// each roll-over starts a new one), opened (1 once an answer of this epoch was the first its
// server window counted: Remaining = Limit - 1), answered (answers of this epoch), latestMax (the
// latest end any answer of this epoch allows), firstGrantAt (the epoch's first grant), probing (1
// while the probe, below, is out), stale (answers of earlier epochs since the probe went), late (how
// long after the earliest it could end a window's end was last known) and margin (how much later
// than that earliest the probe goes, learned from whether it came too early).
//
// What an answer says: RateLimit-Reset is whole seconds, rounded up (the emulator does so, and a
// rounded-down value would end the window early), so an answer counted at c (between its sending
// and its arrival) belongs to a window ending in (c + (reset - 1) s, c + reset s]. Only the upper
// end is a bound worth having: with a 1 s window the lower one is the counting time itself. Which
// window counted an answer is told by the epoch it was sent in (the process knows the epochs it saw
// before it sent): an answer sent before the current epoch began may come from the window before,
// whose end is too early for this one, so it teaches nothing here; it was in flight at the
// roll-over, which counted it against the new window already.
//
// ARGV[1] of every budget script is the time (epoch ms) or '' for the Redis server's own (TIME):
// one clock for every process; tests pass their injected clock's.
const STATE = `
local now
if ARGV[1] ~= '' then now = tonumber(ARGV[1]) else
  local t = redis.call('TIME')
  now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local exists = redis.call('EXISTS', KEYS[1]) == 1
local s = redis.call('HMGET', KEYS[1], 'remaining', 'limit', 'resetAt', 'longest', 'inFlight', 'epoch', 'opened', 'answered', 'latestMax', 'firstGrantAt', 'probing', 'stale', 'late', 'margin')
local remaining, limit = tonumber(s[1]), tonumber(s[2])
local resetAt, longest, inFlight = tonumber(s[3]) or 0, tonumber(s[4]) or 0, tonumber(s[5]) or 0
local epoch, opened, answered, latestMax = tonumber(s[6]) or 1, tonumber(s[7]) or 0, tonumber(s[8]) or 0, tonumber(s[9]) or 0
local firstGrantAt, probing, stale = tonumber(s[10]) or 0, tonumber(s[11]) or 0, tonumber(s[12]) or 0
local late, margin = tonumber(s[13]) or 0, tonumber(s[14]) or 0
local function newEpoch()
  epoch = epoch + 1
  opened, answered, latestMax, firstGrantAt, probing, stale = 0, 0, 0, 0, 0, 0
end
local function rollOver()
  if resetAt ~= 0 and now >= resetAt then
    -- A new window: the limit again, less the requests still out, which the server may count in
    -- it (a request held up after its grant, by a token request or a busy process).
    if limit ~= nil then remaining = math.max(0, limit - inFlight) else remaining = nil end
    resetAt = 0
    newEpoch()
  end
end
local function save()
  if remaining == nil then redis.call('HDEL', KEYS[1], 'remaining')
  else redis.call('HSET', KEYS[1], 'remaining', remaining) end
  if limit ~= nil then redis.call('HSET', KEYS[1], 'limit', limit) end
  redis.call('HSET', KEYS[1], 'resetAt', resetAt, 'longest', longest, 'inFlight', inFlight,
    'epoch', epoch, 'opened', opened, 'answered', answered, 'latestMax', latestMax,
    'firstGrantAt', firstGrantAt, 'probing', probing, 'stale', stale, 'late', late, 'margin', margin)
  redis.call('PEXPIRE', KEYS[1], 3600000)
end
`;

/**
 * Asks for one request. KEYS: budget, learning marker; ARGV: now ('' for TIME), learningMs,
 * maxWaitMs (-1: none). Returns {wait, epoch}: wait 0 when it may go (then counted), or how many
 * ms to wait before asking again; epoch, the budget's epoch (0 while a cold fleet learns).
 */
export const TAKE = `${STATE}
local learningMs, maxWaitMs = tonumber(ARGV[2]), tonumber(ARGV[3])
if not exists then
  -- A cold fleet: the first request learns the limit for all; the others wait for its answer
  -- (the budget exists from the first answer on), asking again every 50 ms, and no longer than
  -- learningMs after it went.
  local ends = tonumber(redis.call('GET', KEYS[2]))
  if ends == nil then
    redis.call('SET', KEYS[2], now + learningMs, 'PX', 60000)
    return {0, 0}
  end
  if now < ends then return {math.min(ends - now, 50), 0} end
  return {0, 0}
end
rollOver()
-- The probe: the last request of a window waits until the window may have ended (its first
-- grant and a window later, and a margin learned below, before the end known), then goes alone,
-- in an epoch of its own.
-- Counted before the end, it used the slot kept for it; counted after, it opened the next window,
-- and its answer (Remaining = Limit - 1) lets the next window's budget go a round trip before the
-- end its answers bound. Kept only while it pays: the last window's end was known that much
-- after the earliest it could be (late) that a slot in each window (1/limit) costs less.
if remaining == 1 and limit ~= nil and limit > 1 and longest > 0 and firstGrantAt > 0
  and probing == 0 and late * limit > longest then
  local probeAt = firstGrantAt + longest + margin
  if resetAt ~= 0 and probeAt < resetAt then
    if now < probeAt then
      if maxWaitMs < 0 or probeAt - now <= maxWaitMs then
        save()
        return {probeAt - now, epoch}
      end
    else
      remaining = 0
      inFlight = inFlight + 1
      newEpoch()
      probing, firstGrantAt = 1, now
      save()
      return {0, epoch}
    end
  end
end
if remaining ~= nil and remaining <= 0 and not (resetAt == 0 and inFlight == 0) then
  -- The end of the window is known, or an answer of it (or of the probe) is awaited: then ask
  -- again in 50 ms, as the answer usually comes within a round trip.
  local wait = 1000
  if resetAt ~= 0 then wait = math.max(1, resetAt - now) end
  if maxWaitMs < 0 or wait <= maxWaitMs then
    save()
    if resetAt == 0 or probing == 1 then wait = math.min(wait, 50) end
    return {wait, epoch}
  end
end
if remaining ~= nil and remaining > 0 then remaining = remaining - 1 end
if firstGrantAt == 0 then firstGrantAt = now end
inFlight = inFlight + 1
save()
return {0, epoch}`;

/**
 * Records an answer. KEYS: budget; ARGV: now ('' for TIME), hasWindow (1: remaining and reset
 * given), remaining, resetSeconds, limit ('' when absent), sentEpoch (the latest epoch the process
 * had seen when the request went out; 0: none).
 */
export const RECORD = `${STATE}
inFlight = math.max(0, inFlight - 1)
if ARGV[5] ~= '' then limit = tonumber(ARGV[5]) end
if ARGV[2] == '1' then
  rollOver()
  local reported, resetMs = tonumber(ARGV[3]), math.max(0, tonumber(ARGV[4]) * 1000)
  local sentEpoch = tonumber(ARGV[6])
  longest = math.max(longest, resetMs)
  local latest = now + resetMs
  -- The first request of its window (on the server), and the requests that may be counted after it.
  local isOpener = limit ~= nil and reported == limit - 1
  local estimate = math.max(0, reported - inFlight)
  if not exists or remaining == nil then
    -- The first answer: the window it was counted in is the fleet's first epoch.
    remaining = estimate
    resetAt = latest
    if isOpener then opened = 1 end
    answered = 1
    latestMax = latest
  elseif sentEpoch == epoch and probing == 1 then
    -- The probe's answer.
    probing = 0
    if isOpener then
      -- It opened the next window: its budget, less what may have been counted after it (the
      -- requests still out, and the answers of earlier epochs since it went).
      remaining = math.max(0, estimate - stale)
      resetAt = latest
      opened, answered, latestMax = 1, 1, latest
      late = math.max(0, latest - firstGrantAt - longest)
      margin = math.max(0, margin - 2)
    else
      -- Counted before the end: the window's end stays as known; go a little later next time.
      resetAt = math.min(resetAt, latest)
      margin = math.min(math.floor(longest / 10), margin + 10)
    end
  elseif sentEpoch == epoch then
    if resetAt == 0 and firstGrantAt > 0 then late = math.max(0, latest - firstGrantAt - longest) end
    if isOpener and opened == 1 then
      -- A second window began within this epoch (the server's first ended before the end known
      -- here, and a request of this epoch went after it): a new epoch in it. Every answer of the
      -- old one may have been counted after this one; the latest end of them all is a bound.
      remaining = math.max(0, estimate - answered)
      resetAt = math.max(latestMax, latest)
      newEpoch()
      opened, answered, latestMax = 1, 1, resetAt
    else
      remaining = math.min(remaining, estimate)
      if resetAt == 0 then resetAt = latest else resetAt = math.min(resetAt, latest) end
      if isOpener then opened = 1 end
      answered = answered + 1
      latestMax = math.max(latestMax, latest)
    end
  elseif probing == 1 then
    -- Sent before the probe: the server may have counted it after the probe.
    stale = stale + 1
  end
  -- Otherwise sent in an earlier epoch (or one a lost Redis no longer knows): see above.
end
save()
return 0`;

/** Spends the budget for ARGV[2] ms (a 429 said to wait that long). KEYS: budget; ARGV[1]: now. */
export const BLOCK = `${STATE}
remaining = 0
resetAt = math.max(resetAt, now + tonumber(ARGV[2]))
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
