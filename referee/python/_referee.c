/* _referee.c — the Python extension canasta_referee._referee: one Python
 * type for each object of referee.h (Rules, Game), each call a method, the
 * structs as tuples. It sees referee.h only; canasta_referee/__init__.py
 * builds the package's classes (Ruleset, Game, Verdict, the exceptions) on
 * it. A Game holds a reference to its Rules, which referee.h's games borrow,
 * so that the rules outlive every game that judges by them. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "referee.h"

/* ---- Rules -------------------------------------------------------------- */

typedef struct {
  PyObject_HEAD
  referee_rules_t *rules;
} RulesObject;

static int rules_init(RulesObject *self, PyObject *args, PyObject *kwds) {
  static char *kw[] = {"name_or_path", NULL};
  const char *name;
  if (!PyArg_ParseTupleAndKeywords(args, kwds, "s", kw, &name)) return -1;
  char err[512] = "";
  referee_rules_t *r = referee_rules_load(name, err, sizeof err);
  if (!r) {
    PyErr_SetString(PyExc_ValueError, err[0] ? err : "the ruleset cannot be loaded");
    return -1;
  }
  referee_rules_free(self->rules);
  self->rules = r;
  return 0;
}

static void rules_dealloc(RulesObject *self) {
  referee_rules_free(self->rules);
  Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *rules_name(RulesObject *self, void *closure) {
  (void)closure;
  return PyUnicode_FromString(referee_rules_name(self->rules) ? referee_rules_name(self->rules) : "");
}

static PyGetSetDef rules_getset[] = {
  {"name", (getter)rules_name, NULL, "the ruleset's name, as in `variant NAME`", NULL},
  {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject RulesType = {
  PyVarObject_HEAD_INIT(NULL, 0)
  .tp_name = "canasta_referee._referee.Rules",
  .tp_basicsize = sizeof(RulesObject),
  .tp_flags = Py_TPFLAGS_DEFAULT,
  .tp_doc = "Rules(name_or_path): a built-in ruleset or a YAML file (referee_rules_load)",
  .tp_new = PyType_GenericNew,
  .tp_init = (initproc)rules_init,
  .tp_dealloc = (destructor)rules_dealloc,
  .tp_getset = rules_getset,
};

/* ---- Game --------------------------------------------------------------- */

typedef struct {
  PyObject_HEAD
  referee_game_t *game;
  PyObject *rules; /* the Rules judged by, or None */
} GameObject;

static PyTypeObject GameType;

static int game_init(GameObject *self, PyObject *args, PyObject *kwds) {
  static char *kw[] = {"rules", NULL};
  PyObject *rules = Py_None;
  if (!PyArg_ParseTupleAndKeywords(args, kwds, "|O", kw, &rules)) return -1;
  if (rules != Py_None && !PyObject_TypeCheck(rules, &RulesType)) {
    PyErr_SetString(PyExc_TypeError, "rules must be Rules or None");
    return -1;
  }
  referee_game_t *g = referee_game_new(rules == Py_None ? NULL : ((RulesObject *)rules)->rules);
  if (!g) {
    PyErr_NoMemory();
    return -1;
  }
  referee_game_free(self->game);
  self->game = g;
  Py_INCREF(rules);
  Py_XSETREF(self->rules, rules);
  return 0;
}

static void game_dealloc(GameObject *self) {
  referee_game_free(self->game); /* before the rules it borrows */
  Py_XDECREF(self->rules);
  Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *str_or_none(const char *s) {
  if (s) return PyUnicode_FromString(s);
  Py_RETURN_NONE;
}

/* a status that is no verdict on the record raises; the others are returned */
static PyObject *status(referee_status_t st) {
  if (st == REFEREE_NO_MEMORY) return PyErr_NoMemory();
  if (st == REFEREE_ERROR) {
    PyErr_SetString(PyExc_RuntimeError, "the referee refused the call (REFEREE_ERROR)");
    return NULL;
  }
  return PyLong_FromLong((long)st);
}

static PyObject *verdict_tuple(referee_verdict_t v) {
  return Py_BuildValue("(iNIINNI)", (int)v.status, str_or_none(v.code), v.line, v.col,
                       str_or_none(v.message), str_or_none(v.rule), v.found_line);
}

static PyObject *game_line(GameObject *self, PyObject *arg) {
  const char *line = PyUnicode_AsUTF8(arg);
  return line ? status(referee_game_line(self->game, line)) : NULL;
}

static PyObject *game_feed(GameObject *self, PyObject *arg) {
  Py_buffer b;
  if (PyObject_GetBuffer(arg, &b, PyBUF_SIMPLE) < 0) return NULL;
  referee_status_t st = referee_game_feed(self->game, b.buf, (size_t)b.len);
  PyBuffer_Release(&b);
  return status(st);
}

static PyObject *game_record(GameObject *self, PyObject *arg) {
  Py_buffer b;
  if (PyObject_GetBuffer(arg, &b, PyBUF_SIMPLE) < 0) return NULL;
  referee_status_t st = referee_game_record(self->game, b.buf, (size_t)b.len);
  PyBuffer_Release(&b);
  return status(st);
}

static PyObject *game_finish(GameObject *self, PyObject *unused) {
  (void)unused;
  return status(referee_game_finish(self->game));
}

static PyObject *game_reset(GameObject *self, PyObject *args) {
  unsigned first_line = 1;
  if (!PyArg_ParseTuple(args, "|I", &first_line)) return NULL;
  return status(referee_game_reset_at(self->game, first_line));
}

static PyObject *game_copy(GameObject *self, PyObject *unused) {
  (void)unused;
  PyObject *args = Py_BuildValue("(O)", self->rules);
  if (!args) return NULL;
  PyObject *copy = PyObject_CallObject((PyObject *)&GameType, args);
  Py_DECREF(args);
  if (!copy) return NULL;
  referee_status_t st = referee_game_copy(((GameObject *)copy)->game, self->game);
  if (st == REFEREE_NO_MEMORY || st == REFEREE_ERROR) {
    Py_DECREF(copy);
    return status(st);
  }
  return copy;
}

static PyObject *game_try(GameObject *self, PyObject *arg) {
  const char *line = PyUnicode_AsUTF8(arg);
  if (!line) return NULL;
  referee_verdict_t v = referee_game_try(self->game, line);
  if (v.status == REFEREE_NO_MEMORY || v.status == REFEREE_ERROR) return status(v.status);
  return verdict_tuple(v);
}

static PyObject *game_verdict(GameObject *self, PyObject *unused) {
  (void)unused;
  return verdict_tuple(referee_game_verdict(self->game));
}

static PyObject *game_pending(GameObject *self, PyObject *unused) {
  (void)unused;
  referee_pending_t p[8];
  int n = referee_game_pending(self->game, p, 8);
  if (n < 0) return PyErr_NoMemory();
  PyObject *list = PyList_New(0);
  for (int i = 0; list && i < n && i < 8; i++) {
    PyObject *t = Py_BuildValue("(NIINNi)", str_or_none(p[i].code), p[i].line, p[i].col,
                                str_or_none(p[i].message), str_or_none(p[i].rule), (int)p[i].when);
    if (!t || PyList_Append(list, t) < 0) Py_CLEAR(list);
    Py_XDECREF(t);
  }
  return list;
}

/* One legal action: (player, verb, ref, [card names], line, owes). */
static PyObject *legal_tuple(const referee_state_t *s, const referee_legal_t *a) {
  PyObject *cards = PyList_New(0);
  for (size_t i = 0; cards && i < a->ncards; i++) {
    PyObject *c = PyUnicode_FromString(referee_card_name(a->cards[i]));
    if (!c || PyList_Append(cards, c) < 0) Py_CLEAR(cards);
    Py_XDECREF(c);
  }
  if (!cards) return NULL;
  return Py_BuildValue("(NsNNsI)", str_or_none(s->player[a->player].name), a->verb,
                       str_or_none(a->ref), cards, a->line, a->owes);
}

/* legal(by_rank=False) -> [(player, verb, ref, cards, line, owes)]: referee_game_legal */
static PyObject *game_legal(GameObject *self, PyObject *args) {
  int by_rank = 0;
  if (!PyArg_ParseTuple(args, "|p", &by_rank)) return NULL;
  unsigned flags = by_rank ? REFEREE_LEGAL_BY_RANK : 0;
  int max = 1024, n = -1; /* most positions list fewer: one call; else a second, sized */
  referee_legal_t *a = PyMem_Malloc((size_t)max * sizeof *a);
  if (a) n = referee_game_legal(self->game, a, max, flags);
  if (n > max) {
    PyMem_Free(a);
    a = PyMem_Malloc((size_t)n * sizeof *a);
    max = n;
    n = a ? referee_game_legal(self->game, a, max, flags) : -1;
  }
  referee_state_t *s = PyMem_Malloc(sizeof *s);
  PyObject *list = NULL;
  if (!a || !s || n < 0 || n > max) PyErr_NoMemory();
  else list = PyList_New(0);
  if (list) referee_game_state(self->game, s, sizeof *s);
  for (int i = 0; list && i < n; i++) {
    PyObject *t = legal_tuple(s, &a[i]);
    if (!t || PyList_Append(list, t) < 0) Py_CLEAR(list);
    Py_XDECREF(t);
  }
  PyMem_Free(a);
  PyMem_Free(s);
  return list;
}

/* (team names, totals, [each completed hand's scores], player to act, over, winner) */
static PyObject *game_scores(GameObject *self, PyObject *unused) {
  (void)unused;
  int nt = referee_game_teams(self->game), nh = referee_game_hands(self->game);
  PyObject *names = PyList_New(0), *totals = PyList_New(0), *hands = PyList_New(0);
  for (int t = 0; names && totals && t < nt; t++) {
    PyObject *name = str_or_none(referee_game_team_name(self->game, t));
    PyObject *total = PyLong_FromLong(referee_game_total(self->game, t));
    if (!name || !total || PyList_Append(names, name) < 0 || PyList_Append(totals, total) < 0)
      Py_CLEAR(names);
    Py_XDECREF(name);
    Py_XDECREF(total);
  }
  for (int h = 0; names && hands && h < nh; h++) {
    PyObject *row = PyList_New(nt);
    for (int t = 0; row && t < nt; t++)
      PyList_SET_ITEM(row, t, PyLong_FromLong(referee_game_hand_score(self->game, h, t)));
    if (!row || PyList_Append(hands, row) < 0) Py_CLEAR(hands);
    Py_XDECREF(row);
  }
  if (!names || !totals || !hands) {
    Py_XDECREF(names);
    Py_XDECREF(totals);
    Py_XDECREF(hands);
    return NULL;
  }
  return Py_BuildValue("(NNNNOi)", names, totals, hands, str_or_none(referee_game_to_act(self->game)),
                       referee_game_over(self->game) ? Py_True : Py_False,
                       referee_game_winner(self->game));
}

static PyObject *game_hand_size(GameObject *self, PyObject *arg) {
  const char *player = PyUnicode_AsUTF8(arg);
  return player ? PyLong_FromLong(referee_game_hand_size(self->game, player)) : NULL;
}

/* ---- the state (referee_game_state) as dicts and lists ------------------ */

/* a set of cards as the list of their names, each copy once, in card order */
static PyObject *cards_list(const referee_cards_t *c) {
  PyObject *list = PyList_New(0);
  for (int k = 0; list && k < REFEREE_CARD_KINDS; k++)
    for (int n = 0; n < c->count[k]; n++) {
      PyObject *name = PyUnicode_FromString(referee_card_name(k));
      if (!name || PyList_Append(list, name) < 0) Py_CLEAR(list);
      Py_XDECREF(name);
      if (!list) break;
    }
  return list;
}

static const char *const meld_kinds[] = {"set",         "sequence",   "wild_set",  "black_threes",
                                         "natural_set", "wild_cards", "rank_rule"};
static const char *const freezes[] = {"cover", "card", "always", "unopened", "until_taken", NULL};

static PyObject *card_or_none(int card) { return str_or_none(card >= 0 ? referee_card_name(card) : NULL); }

static PyObject *player_dict(const referee_player_state_t *p) {
  return Py_BuildValue("{s:N,s:i,s:N,s:N,s:O,s:O}", "name", str_or_none(p->name), "team", p->team,
                       "hand", cards_list(&p->hand), "foot", cards_list(&p->foot), "has_foot",
                       p->has_foot ? Py_True : Py_False, "melded", p->melded ? Py_True : Py_False);
}

static PyObject *team_dict(const referee_team_state_t *t) {
  return Py_BuildValue("{s:N,s:l,s:O,s:i,s:i,s:i}", "name", str_or_none(t->name), "total", t->total,
                       "opened", t->opened ? Py_True : Py_False, "red_threes", t->red_threes,
                       "melds", t->melds, "canastas", t->canastas);
}

static PyObject *meld_dict(const referee_meld_t *m) {
  unsigned k = (unsigned)m->kind;
  return Py_BuildValue("{s:i,s:i,s:s,s:i,s:i,s:N,s:i,s:i,s:O}", "team", m->team, "number", m->number,
                       "kind", k < sizeof meld_kinds / sizeof *meld_kinds ? meld_kinds[k] : "set",
                       "rank", m->rank, "suit", m->suit, "cards", cards_list(&m->cards), "naturals",
                       m->naturals, "wilds", m->wilds, "canasta", m->canasta ? Py_True : Py_False);
}

/* each element of items (count of them, size bytes apart) made by fn */
static PyObject *list_of(const void *items, int count, size_t size, PyObject *(*fn)(const void *)) {
  PyObject *list = PyList_New(0);
  for (int i = 0; list && i < count; i++) {
    PyObject *o = fn((const char *)items + (size_t)i * size);
    if (!o || PyList_Append(list, o) < 0) Py_CLEAR(list);
    Py_XDECREF(o);
  }
  return list;
}
static PyObject *player_of(const void *p) { return player_dict(p); }
static PyObject *team_of(const void *t) { return team_dict(t); }
static PyObject *meld_of(const void *m) { return meld_dict(m); }

/* the teams, each with how many cards it set aside (referee_state_t keeps
 * those in set_aside[], appended after the teams) */
static PyObject *teams_list(const referee_state_t *s) {
  PyObject *list = list_of(s->team, s->teams, sizeof *s->team, team_of);
  for (int t = 0; list && t < s->teams; t++) {
    PyObject *n = PyLong_FromLong(s->set_aside[t]);
    if (!n || PyDict_SetItemString(PyList_GET_ITEM(list, t), "set_aside", n) < 0) Py_CLEAR(list);
    Py_XDECREF(n);
  }
  return list;
}

static PyObject *game_state(GameObject *self, PyObject *unused) {
  (void)unused;
  referee_state_t *s = PyMem_Malloc(sizeof *s);
  if (!s) return PyErr_NoMemory();
  if (referee_game_state(self->game, s, sizeof *s) < 0) {
    PyMem_Free(s);
    return status(REFEREE_ERROR);
  }
  unsigned f = (unsigned)s->frozen;
  PyObject *d = Py_BuildValue(
      "{s:O,s:i,s:O,s:O,s:i,s:i,s:O,s:i,s:i,s:O,s:i,s:i,s:N,s:I,s:N,s:N,s:N,s:O,s:I,s:i,s:i,"
      "s:N,s:N,s:N,s:i,s:N}",
      "in_hand", s->in_hand ? Py_True : Py_False, "hand", s->hand, "dealt", s->dealt ? Py_True : Py_False,
      "over", s->over ? Py_True : Py_False, "to_act", s->to_act, "dealer", s->dealer, "drawn",
      s->drawn ? Py_True : Py_False, "owed", s->owed, "owed_player", s->owed_player, "asked",
      s->asked ? Py_True : Py_False, "packet_player", s->packet_player, "out_player", s->out_player,
      "top", card_or_none(s->top), "pile", s->pile, "frozen",
      str_or_none(f < sizeof freezes / sizeof *freezes ? freezes[f] : NULL), "freeze_rule",
      str_or_none(s->freeze_rule), "freeze_card", card_or_none(s->freeze_card), "blocked",
      s->blocked ? Py_True : Py_False, "stock", s->stock, "packets", s->packets, "feet", s->feet,
      "players", list_of(s->player, s->players, sizeof *s->player, player_of), "teams",
      teams_list(s), "melds", list_of(s->meld, s->melds, sizeof *s->meld, meld_of), "hands_scored",
      s->hands_scored, "aside_due", cards_list(&s->aside_due));
  PyMem_Free(s);
  return d;
}

static PyMethodDef game_methods[] = {
  {"line", (PyCFunction)game_line, METH_O, "line(text) -> status: referee_game_line"},
  {"feed", (PyCFunction)game_feed, METH_O, "feed(bytes) -> status: referee_game_feed"},
  {"record", (PyCFunction)game_record, METH_O, "record(bytes) -> status: referee_game_record"},
  {"finish", (PyCFunction)game_finish, METH_NOARGS, "finish() -> status: referee_game_finish"},
  {"reset", (PyCFunction)game_reset, METH_VARARGS, "reset(first_line=1) -> status: referee_game_reset_at"},
  {"copy", (PyCFunction)game_copy, METH_NOARGS, "copy() -> Game: referee_game_copy"},
  {"try_line", (PyCFunction)game_try, METH_O, "try_line(text) -> verdict: referee_game_try"},
  {"verdict", (PyCFunction)game_verdict, METH_NOARGS, "verdict() -> verdict tuple"},
  {"pending", (PyCFunction)game_pending, METH_NOARGS, "pending() -> [pending tuple]"},
  {"legal", (PyCFunction)game_legal, METH_VARARGS, "legal(by_rank=False) -> [action tuple]: referee_game_legal"},
  {"scores", (PyCFunction)game_scores, METH_NOARGS, "scores() -> (teams, totals, hands, to_act, over, winner)"},
  {"hand_size", (PyCFunction)game_hand_size, METH_O, "hand_size(player) -> int"},
  {"state", (PyCFunction)game_state, METH_NOARGS, "state() -> dict: referee_game_state"},
  {NULL, NULL, 0, NULL}};

static PyTypeObject GameType = {
  PyVarObject_HEAD_INIT(NULL, 0)
  .tp_name = "canasta_referee._referee.Game",
  .tp_basicsize = sizeof(GameObject),
  .tp_flags = Py_TPFLAGS_DEFAULT,
  .tp_doc = "Game(rules=None): one record judged line by line (referee_game_new)",
  .tp_new = PyType_GenericNew,
  .tp_init = (initproc)game_init,
  .tp_dealloc = (destructor)game_dealloc,
  .tp_methods = game_methods,
};

/* ---- the module --------------------------------------------------------- */

static struct PyModuleDef module = {
  PyModuleDef_HEAD_INIT, "_referee",
  "The C interface of canasta-referee (referee.h), wrapped as it is: see canasta_referee.",
  -1, NULL, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__referee(void);
PyMODINIT_FUNC PyInit__referee(void) {
  if (PyType_Ready(&RulesType) < 0 || PyType_Ready(&GameType) < 0) return NULL;
  PyObject *m = PyModule_Create(&module);
  if (!m) return NULL;
  Py_INCREF(&RulesType);
  Py_INCREF(&GameType);
  if (PyModule_AddObject(m, "Rules", (PyObject *)&RulesType) < 0 ||
      PyModule_AddObject(m, "Game", (PyObject *)&GameType) < 0) {
    Py_DECREF(m);
    return NULL;
  }
  return m;
}
