/* order.c — a task to a --jobs worker and back (order.h). */
#define _DEFAULT_SOURCE /* CMSG_* */
#include "order.h"

#include <errno.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

bool order_read(int fd, void *buf, size_t n) {
  char *p = buf;
  while (n > 0) {
    ssize_t got = read(fd, p, n);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) return false;
    p += got;
    n -= (size_t)got;
  }
  return true;
}

bool order_write(int fd, const void *buf, size_t n) {
  const char *p = buf;
  while (n > 0) {
    ssize_t put = send(fd, p, n, MSG_NOSIGNAL);
    if (put < 0 && errno == EINTR) continue;
    if (put <= 0) return false;
    p += put;
    n -= (size_t)put;
  }
  return true;
}

bool order_take(int sock, order_t *o, int fds[ORDER_FDS]) {
  char ctl[CMSG_SPACE(ORDER_FDS * sizeof(int))];
  struct iovec iov = {o, sizeof *o};
  struct msghdr m = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = ctl,
                     .msg_controllen = sizeof ctl};
  ssize_t got;
  do got = recvmsg(sock, &m, 0);
  while (got < 0 && errno == EINTR);
  if (got <= 0) return false;
  int n = 0;
  for (struct cmsghdr *c = CMSG_FIRSTHDR(&m); c; c = CMSG_NXTHDR(&m, c))
    if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS)
      for (size_t k = 0; k * sizeof(int) < c->cmsg_len - CMSG_LEN(0) && n < ORDER_FDS; k++)
        memcpy(&fds[n++], CMSG_DATA(c) + k * sizeof(int), sizeof(int));
  int want = 1 + o->has_side + o->has_input;
  if (n != want) return false;
  if (!o->has_side) fds[2] = fds[1], fds[1] = -1;
  if (!o->has_input) fds[2] = -1;
  return order_read(sock, (char *)o + got, sizeof *o - (size_t)got);
}

bool order_send(int sock, int slot, int out, int side, int input, const void *msg, size_t len) {
  order_t o;
  memset(&o, 0, sizeof o); /* its padding too: the bytes go through a socket */
  o.slot = slot;
  o.has_side = side >= 0;
  o.has_input = input >= 0;
  o.len = len;
  int fds[ORDER_FDS] = {out}, n = 1;
  if (side >= 0) fds[n++] = side;
  if (input >= 0) fds[n++] = input;
  char ctl[CMSG_SPACE(ORDER_FDS * sizeof(int))];
  memset(ctl, 0, sizeof ctl);
  struct iovec iov = {&o, sizeof o};
  struct msghdr m = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = ctl,
                     .msg_controllen = CMSG_SPACE((size_t)n * sizeof(int))};
  struct cmsghdr *c = CMSG_FIRSTHDR(&m);
  c->cmsg_level = SOL_SOCKET;
  c->cmsg_type = SCM_RIGHTS;
  c->cmsg_len = CMSG_LEN((size_t)n * sizeof(int));
  memcpy(CMSG_DATA(c), fds, (size_t)n * sizeof(int));
  ssize_t put;
  do put = sendmsg(sock, &m, MSG_NOSIGNAL);
  while (put < 0 && errno == EINTR);
  if (put <= 0) return false;
  return order_write(sock, (char *)&o + put, sizeof o - (size_t)put) &&
         order_write(sock, msg, len);
}
