-- wrk script: creates payment intents as a widget on https://shop.example
-- does, each for a different USD amount (so exact-amount probing stays short).
-- PAYD_INTENT_OFFSET apart, two wrk runs at once ask for different amounts.
local counter = tonumber(os.getenv("PAYD_INTENT_OFFSET") or "0")
request = function()
  counter = counter + 1
  local cents = 100 + (counter * 7919 + math.random(0, 999)) % 900000
  local body = string.format('{"amount_usd":"%d.%02d","currency":"USDC","chainId":31337}',
                             math.floor(cents / 100), cents % 100)
  return wrk.format("POST", os.getenv("PAYD_INTENT_PATH"),
                    { ["Content-Type"] = "application/json", ["Origin"] = "https://shop.example" }, body)
end
