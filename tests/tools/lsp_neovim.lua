-- The language server driven by a real LSP client: neovim's (headless). Opens a set with a misspelt stat in a
-- temporary folder, waits for the server's diagnostics and checks them, then asks for a completion, formats and
-- hovers.
-- usage: CARDC=... CARDC_SOURCE_DIR=... nvim --headless -u NONE -i NONE -n -c "luafile lsp_neovim.lua"
local cardc, src = os.getenv("CARDC"), os.getenv("CARDC_SOURCE_DIR")

local function fail(what)
  io.stderr:write("FAIL: " .. what .. "\n")
  vim.cmd("cquit 1")
end
local function ok(what) io.stderr:write("ok: " .. what .. "\n") end

local dir = vim.fn.tempname()
vim.fn.mkdir(dir, "p")
local file = dir .. "/typo.cards"
vim.fn.writefile({
  "game legends",
  'set "Neovim"',
  "",
  'card "Test Samurai"',
  "  type Personality",
  "  stats Forse 3 · Chi 2 · Honor Requirement 5 · Personal Honor 2 · Gold Cost 8",
  "  text",
  "    Gain 2 Honor.",
  "end",
}, file)

vim.cmd("edit " .. vim.fn.fnameescape(file))
local buf = vim.api.nvim_get_current_buf()
local id = vim.lsp.start_client({
  name = "cardc",
  cmd = { cardc, "lsp", "--profile-path", src .. "/cards" },
  root_dir = dir,
})
if not id then fail("the client could not start cardc lsp") end
vim.lsp.buf_attach_client(buf, id)

if not vim.wait(30000, function() return #vim.diagnostic.get(buf) > 0 end, 50) then
  fail("no diagnostics from cardc lsp within 30 s")
end
local diags = vim.diagnostic.get(buf)
local d = diags[1]
if #diags ~= 1 or d.lnum ~= 5 or d.col ~= 8 or d.severity ~= vim.diagnostic.severity.ERROR
    or not d.message:find("unknown stat 'Forse'", 1, true) then
  fail("one error, unknown stat 'Forse', at 6:9: got " .. vim.inspect(diags))
end
ok("neovim shows the server's diagnostic: " .. d.message:gsub("\n", " / "))

-- Completion inside `stats`: the client gets items whose textEdit replaces the words typed.
local params = { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = 5, character = 12 } }
local res = vim.lsp.buf_request_sync(buf, "textDocument/completion", params, 10000)
local items = res and res[id] and res[id].result and res[id].result.items or {}
local force
for _, it in ipairs(items) do
  if it.label == "Force" then force = it end
end
if not force or not force.textEdit or force.textEdit.range.start.character ~= 8 then
  fail("completion in stats offers Force replacing 'Forse': " .. vim.inspect(force))
end
ok("completion in stats offers Force with a textEdit from column 8")

-- Formatting through the client: the buffer takes cardc fmt's layout.
vim.api.nvim_buf_set_lines(buf, 4, 5, false, { "      type   Personality" })
vim.wait(200)
vim.lsp.buf.formatting_sync(nil, 10000)
local line = vim.api.nvim_buf_get_lines(buf, 4, 5, false)[1]
if line ~= "  type Personality" then fail("formatting gives cardc fmt's layout: got '" .. line .. "'") end
ok("formatting through neovim gives cardc fmt's layout")

-- Hover on the card's title: its meaning tree, as `cardc check --emit=meaning` prints it.
params = { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = 3, character = 8 } }
res = vim.lsp.buf_request_sync(buf, "textDocument/hover", params, 10000)
local hover = res and res[id] and res[id].result and res[id].result.contents or {}
local value = hover.value or ""
if not value:find('card "Test Samurai"', 1, true) or not value:find("effect 8:5-8:17 gain amount=2 resource=Honor", 1, true)
    or not value:find('rendered "Gain 2 Honor."', 1, true) then
  fail("hover on the title shows the card's meaning tree: got " .. vim.inspect(hover))
end
ok("hover through neovim shows the card's meaning tree")

vim.lsp.stop_client(id)
vim.wait(5000, function() return vim.lsp.client_is_stopped(id) end, 50)
vim.cmd("qall!")
