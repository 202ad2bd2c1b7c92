"""Every bound pnp puts on its input, in one place.

A game's repository is input that others edit (a pull request, a shared folder): every size, count,
depth and time it can make pnp spend has a bound here, each far above what a real game needs and
far below what would exhaust a machine. Breaking one is a located error (exit 2), never a hang. The limits
that hold the time and memory bounds while work runs are in `pnp.core.watchdog`.
"""

from __future__ import annotations

MM = 72.0 / 25.4

# YAML files
FILE_BYTES = 2 * 1024 * 1024  # one YAML file: about 5,000 cards (a file past it holds a build up for long)
REVISION_BYTES = 64 * 1024 * 1024  # a game's files at a git revision (`pnp simulate --compare`): its YAML,
# tables and Python, not its art
REVISION_FILES = 10_000  # ... and at most this many of them
YAML_DEPTH = 64  # nesting of mappings and lists (the deepest bundled table nests 6)
LANGUAGES = 40  # languages a game names (`languages:` of game.yaml)
LANG_FILES = 500  # files of one language's folder (cards/<game>/lang/<code>/): one per deck file, and two more
LANG_TEXT = 20_000  # characters of one translated string (a long rules card is 1,000)
XLIFF_BYTES = 16 * 1024 * 1024  # an XLIFF file `pnp translate --import` reads (a whole game's is about 200 kB)
XLIFF_UNITS = 50_000  # its strings
YAML_NODES = 600_000  # values in one file once aliases are expanded (an alias bomb expands past it at once)

# a build
PIECES = 20_000  # printed pieces (every copy of every card, token, sheet); `--max-pieces` raises it
FACE_MIN = 2 * MM  # a face (card, token, board) is at least this wide and high ...
FACE_MAX = 2000 * MM  # ... and at most this (a 2 m banner board)
LENGTH_MAX = 10_000 * MM  # any length written in a file (`63.5mm`, `-2in`), either way: 10 m
BLEED = (0.0, 10 * MM)  # print settings (game.yaml `print:`, a template's bleed and safe zone), in points
SAFE = (0.0, 50 * MM)
MARGIN = (0.0, 30 * MM)
MARK_LENGTH = (0.0, 20 * MM)
MARK_OFFSET = (0.0, 10 * MM)
MARK_WIDTH = (0.0, 2 * MM)
CONTRAST = (1.0, 21.0)  # `print: contrast:`, a WCAG contrast ratio (1: none asked, 21: black on white)
BACK_OFFSET_MM = 20.0  # a printer's back offset (`--back-offset`, printers.yaml), either way, in mm
ELEMENT_MAX = 4000 * MM  # an element's box, either side, may reach this (art may spill over the face)
REPEAT = 10_000  # items of one element's `repeat`
GRID_CELLS = 5_000  # cells of one `grid` element (a 50 x 100 hex map)
TEXT_SIZE = (0.5, 500.0)  # points: a text size (and min_size) lies in this range
IMAGE_PIXELS = 100_000_000  # an image's width x height (a 1 m board at 300 dpi is 140 million: too big)
IMAGE_BYTES = 64 * 1024 * 1024
SVG_BYTES = 4 * 1024 * 1024  # an SVG (art or icon): a detailed icon is 2-20 kB
SVG_ELEMENTS = 20_000  # elements of one SVG (and of one drawing of it, `<use>` copies counted)
SVG_USES = 10_000  # `<use>` copies one drawing of an SVG makes, copies of copies counted (svglib's own bound)
FONT_BYTES = 64 * 1024 * 1024  # a TrueType font file (a font of all of CJK is about 20 MB)
FONT_CODE_POINTS = 300_000  # characters a font's character map (cmap) claims (Unicode assigns about 155,000)

# spreadsheets as card sources (CSV, XLSX, ODS)
SHEET_BYTES = 16 * 1024 * 1024  # the file on disk
SHEET_UNPACKED = 256 * 1024 * 1024  # an XLSX or ODS is a zip: what it unpacks to
SHEET_ROWS = 10_000  # rows of one sheet (one card each)
SHEET_COLUMNS = 256  # columns of one sheet (one field each)
SHEET_CELL = 32_767  # characters of one cell: the most a spreadsheet program keeps in one

# a rulebook (cards/<game>/rulebook.md, held to FILE_BYTES): its work counted before its first page is drawn.
# The longest bundled rulebook has 14 pages, 34 headings of at most 28 characters and about 300 blocks.
RULEBOOK_LINES = 20_000  # lines of its source, counted before it is parsed (more hold up its parse for long)
RULEBOOK_PAGES = 500  # pages its page breaks make (each `---` or ```pnp pagebreak``` starts one)
RULEBOOK_BLANK = 10  # page breaks in a row, the contents' own among them (blank pages between); platypus halts past
RULEBOOK_ROWS = 1_000  # rows of one table (platypus measures what is left of a table again at each page)
RULEBOOK_COLUMNS = 12  # columns of one table: more leave a column too narrow for a word
RULEBOOK_CELLS = 5_000  # cells of its tables, rows x columns, every table added up
RULEBOOK_BLOCKS = 5_000  # headings, paragraphs, list items, tables and pictures
RULEBOOK_HEADINGS = 500  # headings: each is a line of the table of contents
RULEBOOK_HEADING = 200  # characters of one heading (platypus takes minutes to break one of 3,000)
RULEBOOK_TEXT = 10_000  # characters of one paragraph, list item or table cell (a page holds about 5,000)
RULEBOOK_FACES = 1_000  # faces its pictures, contents list and tables draw
RULEBOOK_PROBLEMS = 100  # problems of the rulebook said (the same problem at many places is said once)
RULEBOOK_SECONDS = 20.0  # reading its Markdown; laying it out; drawing it: each

# template expressions (Jinja, sandboxed)
RANGE = 10_000  # the items of one `range(...)` in a template
ITERATIONS = 1_000_000  # every `range` of one evaluation added up (nested loops multiply)
STRING = 1_000_000  # characters of a string an expression builds (`'x' * n`, padding, formats)
SEQUENCE = 100_000  # items of a list an expression builds (`[0] * n`)
INT_BITS = 4096  # bits of an integer an expression builds (`10 ** n`): about 1,200 digits
VALUE_DEPTH = 100  # nesting of a value an expression turns into text (YAML nests at most 64)
NESTING = 20  # brackets and blocks (`{% if %}`, `{% for %}`) nested in one template value (Python allows ~25 loops)
EXTENDS = 50  # templates in one `extends` chain
FACE_SECONDS = 2.0  # time to lay out one face (a template with runaway loops)

BUILT = 10 * STRING  # characters and items of every text and list one evaluation builds, added up


# the process
MEMORY = 4 * 1024 ** 3  # bytes of address space pnp may use (a build of a big game takes 200 MB); `PNP_MEMORY`
RASTER_PIXELS = 150_000_000  # pixels of one preview or export image (a 2 m square board at 150 dpi: 139 million)


# rules
COLOUR_PAIRS = 1_000  # pairs of colours too close that one `colours` rule reports (for each kind of vision)
BALANCE_GAMES = 1_000_000  # games per player count one `balance` rule plays (as many as `pnp simulate --games`)

# custom rules (Python in cards/<game>/rules.py)
RULE_SECONDS = 10.0  # one rule's running time, and one deal's (a custom rule's: `--rule-timeout` changes it)
# game code runs in a worker process (pnp/rules/worker.py) held by the operating system to these
WORKER_MEMORY = 1024 * 1024 * 1024  # bytes of address space it may add to what it starts with (a rule takes MBs)
WORKER_FILES = 64  # files it may hold open at once (reading its modules, fonts and templates takes a few)


# a play module (`pnp simulate`): what one game may record and return, checked as it records it (pnp.play.table)
RECORD_NAME = 200  # characters of a meter's or an event's name, of a loss reason
RECORD_NAMES = 200  # meters, and kinds of event, one game records
RECORD_ROUNDS = 1_000  # values one meter takes in a game (once a round), and the round a game may end in
TRACE_EVENTS = 20_000  # events `pnp simulate --trace` tells of one game (moves, draws, plays, meters)
RECORD_NUMBER = 10 ** 15  # a meter's value or an event's count, either way (and finite)

# a simulation's arguments: its work, bounded before the first game is dealt (pnp.play.lab)
SIM_PLAYER_COUNTS = 100  # player counts one run plays (`--players 1-4`: 4)
SIM_PLAYERS = 1_000  # players at one table (a setup's `players: max`), the most `--players` may ask
SIM_VALUES = 100  # values of one `--vary` sweep
SIM_VALUE = 200  # characters of one value of a sweep
SIM_POLICIES = 3  # policies side by side (each at most once: random, baseline, search)
SIM_GAME_POLICIES = 20  # policies a game's play.yaml names as its own (`policies:`, played by State.policy)
SIM_POLICY_NAME = 30  # characters of the name of a game's own policy
SIM_GAMES = 2_000_000  # games in all: policies x values x player counts x games (pnp holds every game's
# result until the report is built)

WALL_FACTOR = 5  # a time limit counts the work's processor time; waiting stops it at this many times that

# a card's `effect:` (pnp/model/effects/)
EFFECT_REPEAT = 100  # the times of one `repeat`
EFFECT_DEPTH = 8  # steps inside steps
EFFECT_STEPS = 64  # steps of one effect, nested ones counted
BOARD_PLACES = 500  # places on the board of a game pnp's engine plays (play.yaml `places:`)
