/**
 * The append, atomic on the server. KEYS: entries, uuids, sessions, subkeys, summaries. ARGV:
 * isMain ('1'/'0'), sessionId, encoded subpath, expected summary ('' = none, else 'j' + JSON),
 * new summary JSON, the caller's guess of which entries are new ('1'/'0' each), entry count, then
 * per entry its uuid ('-' none, else 'u' + uuid) and its JSON text. When the summary or the set
 * of new entries is not what the caller folded, nothing is written and the reply is -1 (the
 * caller reads again and retries). Otherwise the new entries are pushed, their uuids indexed, and
 * the reply is the write time in epoch ms (server clock, never below the previous one).
 */
export const APPEND_SCRIPT = `
local isMain = ARGV[1] == '1'
local sid = ARGV[2]
if isMain then
  local current = redis.call('HGET', KEYS[5], sid)
  local expected = ARGV[4]
  if current == false then
    if expected ~= '' then return -1 end
  elseif expected ~= 'j' .. current then
    return -1
  end
end
local n = tonumber(ARGV[7])
local fresh = {}
local seen = {}
for i = 1, n do
  local uuid = ARGV[6 + 2 * i]
  local new = '1'
  if uuid ~= '-' then
    if seen[uuid] or redis.call('SISMEMBER', KEYS[2], string.sub(uuid, 2)) == 1 then new = '0' end
    seen[uuid] = true
  end
  fresh[i] = new
end
if table.concat(fresh) ~= ARGV[6] then return -1 end
for i = 1, n do
  if fresh[i] == '1' then
    redis.call('RPUSH', KEYS[1], ARGV[7 + 2 * i])
    local uuid = ARGV[6 + 2 * i]
    if uuid ~= '-' then redis.call('SADD', KEYS[2], string.sub(uuid, 2)) end
  end
end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
if isMain then
  local previous = redis.call('ZSCORE', KEYS[3], sid)
  if previous and tonumber(previous) > now then now = tonumber(previous) end
  redis.call('ZADD', KEYS[3], now, sid)
  redis.call('HSET', KEYS[5], sid, ARGV[5])
else
  redis.call('SADD', KEYS[4], ARGV[3])
end
return now
`;

/**
 * Deletes a whole session. KEYS: sessions, subkeys, summaries, main entries, main uuids. ARGV:
 * session id, the entries base and the uuids base (a subkey's keys are base .. ':' .. member).
 */
export const DELETE_SESSION_SCRIPT = `
for _, member in ipairs(redis.call('SMEMBERS', KEYS[2])) do
  redis.call('DEL', ARGV[2] .. ':' .. member, ARGV[3] .. ':' .. member)
end
redis.call('DEL', KEYS[2], KEYS[4], KEYS[5])
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[3], ARGV[1])
return 1
`;
