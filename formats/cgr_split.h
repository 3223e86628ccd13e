/* cgr_split.h — a CGR stream cut into parts of whole records, so that parts
 * can be refereed apart (in several processes, or by shards of a scheduler)
 * with exactly the verdicts, positions and record numbers of one reading.
 *
 * A part ends where a record begins: before its `cgr` line and the blank and
 * comment lines just before it (with at most one "# expect:" line). A cut is
 * made only where the record before it cannot be affected by what follows
 * but through that `cgr` line: the line before the comments is a statement
 * (where a line cannot be read, the records are left in one part), and the
 * input's first record began cleanly (nothing but comments before its `cgr`
 * line). An input that cannot be cut is one part. The cutter reads ahead by
 * raw bytes, classifies lines by their first bytes, and asks the reader only
 * about the few lines a cut depends on. Memory: at most max_bytes held. */
#ifndef CGR_SPLIT_H
#define CGR_SPLIT_H

#include <stdbool.h>
#include <stddef.h>

typedef struct cgr_split cgr_split_t;

typedef struct {
  const char *data;     /* the part's bytes; valid until the next cgr_split_next.
                           NULL when the part is given by its place (CGR_SPLIT_PLACED):
                           its len bytes are read from fd at offset */
  size_t len;
  unsigned long long offset; /* where the part begins in the input */
  int fd;               /* the input's descriptor */
  unsigned first_line;  /* the number of its first line in the input */
  int records_before;   /* records of the input before the part */
  int records;          /* records that begin in it; -1: not known (a part
                           with the rest, or an input that could not be cut) */
  bool last;            /* the input ends with this part */
  bool rest;            /* the input could not be cut further: after data, the
                           rest of it is to be read from the descriptor (when
                           data is NULL: all of it, from offset to the end) */
  /* when not last: the `cgr` line that begins the next part, which closes
   * this part's last record (fed to the game after the part, not judged) */
  const char *next;
  size_t next_len;      /* without its LF */
  unsigned next_line;
  unsigned long long size; /* a regular file's size when opened (0: not one): a
                              part read with the rest checks the file kept it */
} cgr_part_t;

/* How the parts are handed on. */
typedef enum {
  CGR_SPLIT_HELD,   /* in memory, to this process */
  CGR_SPLIT_FORKED, /* in memory, to processes forked with each part: the
                       memory of a part given is never written again (a write
                       to a page a child shares costs a copy of it and a TLB
                       flush on every core) */
  CGR_SPLIT_PLACED  /* a regular file read from its start: each part by its
                       place (data NULL, offset, len), read there by whoever
                       judges it; the cutter holds only the lines a cut
                       depends on, in memory no child inherits. Any other
                       input is cut as FORKED */
} cgr_split_mode_t;

/* Cuts the input read from fd (not closed) into parts of at least part_bytes
 * (0: at every place a cut can be made: one record a part, or the few that
 * cannot be parted), holding at most max_bytes. NULL when out of memory. */
cgr_split_t *cgr_split_open(int fd, size_t part_bytes, size_t max_bytes);
/* The same, the parts handed on as mode says (cgr_split_open: HELD). */
cgr_split_t *cgr_split_open_mode(int fd, size_t part_bytes, size_t max_bytes,
                                 cgr_split_mode_t mode);
/* 1: the next part in *p; 0: no more; -1: a read error, after the parts
 * read before it (cgr_split_why says what). A regular file is read, never
 * mapped: one cut short or grown while read is an error, never a signal. */
int cgr_split_next(cgr_split_t *s, cgr_part_t *p);
/* Why cgr_split_next returned -1: the system's reason, or that the file
 * changed while it was read. */
const char *cgr_split_why(const cgr_split_t *s);
void cgr_split_close(cgr_split_t *s);

#endif
