/* order.h — a task sent to a --jobs worker over its socket (jobs.c): a
 * head, the descriptors it writes and reads (SCM_RIGHTS), then the task's
 * bytes; the worker answers its status as an int. */
#ifndef ORDER_H
#define ORDER_H

#include <stdbool.h>
#include <stddef.h>

/* What goes to a worker before a task's bytes, with its descriptors: the
 * output, the side stream (when has_side), the input (when has_input). */
typedef struct {
  int slot;
  int has_side, has_input;
  size_t len;
} order_t;

enum { ORDER_FDS = 3 };

/* All n bytes of buf read from fd; false at its end or on an error. */
bool order_read(int fd, void *buf, size_t n);
/* All n bytes of buf to the socket fd (never SIGPIPE: a worker gone is an
 * error here, said by the caller). */
bool order_write(int fd, const void *buf, size_t n);
/* The order for slot `slot`, with the descriptors out, side and input (-1:
 * none), then len bytes of msg; false when the socket is broken. */
bool order_send(int sock, int slot, int out, int side, int input, const void *msg, size_t len);
/* In the worker: the order and its descriptors (fds: output, side, input;
 * -1 for those not sent). False when the socket ended or the order is bad;
 * the task's len bytes follow (order_read). */
bool order_take(int sock, order_t *o, int fds[ORDER_FDS]);

#endif
