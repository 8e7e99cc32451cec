/* pwd/grp from the files /etc/passwd and /etc/group (no NSS). */
#include "zl_libc.h"
#include <pwd.h>
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <unistd.h>

static FILE *pwf, *grf;
static char *pwline, *grline;
static size_t pwcap, grcap;
static struct passwd pw;
static struct group gr;
static char **members;

/* Splits s at ':' into at most n fields; returns the number found. */
static int split(char *s, char **f, int n)
{
    int k = 0;
    f[k++] = s;
    for (; *s && k < n; s++)
        if (*s == ':') {
            *s = 0;
            f[k++] = s + 1;
        }
    return k;
}

static int pw_fields(char *s, struct passwd *p)
{
    char *f[7];
    if (split(s, f, 7) != 7)
        return 0;
    p->pw_name = f[0];
    p->pw_passwd = f[1];
    p->pw_uid = (uid_t)strtoul(f[2], NULL, 10);
    p->pw_gid = (gid_t)strtoul(f[3], NULL, 10);
    p->pw_gecos = f[4];
    p->pw_dir = f[5];
    p->pw_shell = f[6];
    return 1;
}

/* The members "a,b,c" as pointers into list (cut at the commas), NULL-terminated;
 * m has room for member_count(list) + 1. */
static size_t member_count(const char *list)
{
    size_t n = 1;
    for (; *list; list++)
        n += *list == ',';
    return n;
}

static void members_split(char *list, char **m)
{
    size_t k = 0;
    if (*list) {
        char *save, *t = strtok_r(list, ",", &save);
        while (t) {
            m[k++] = t;
            t = strtok_r(NULL, ",", &save);
        }
    }
    m[k] = NULL;
}

/* name, passwd, gid and the member list of a group line (gr_mem left to the caller). */
static int gr_fields(char *s, struct group *g, char **list)
{
    char *f[4];
    if (split(s, f, 4) != 4)
        return 0;
    g->gr_name = f[0];
    g->gr_passwd = f[1];
    g->gr_gid = (gid_t)strtoul(f[2], NULL, 10);
    *list = f[3];
    return 1;
}

void setpwent(void)
{
    if (pwf)
        rewind(pwf);
}

void endpwent(void)
{
    if (pwf)
        fclose(pwf);
    pwf = NULL;
}

struct passwd *getpwent(void)
{
    if (!pwf && !(pwf = fopen("/etc/passwd", "re")))
        return NULL;
    ssize_t n;
    while ((n = getline(&pwline, &pwcap, pwf)) > 0) {
        if (pwline[n - 1] == '\n')
            pwline[n - 1] = 0;
        if (pw_fields(pwline, &pw))
            return &pw;
    }
    return NULL;
}

struct passwd *getpwnam(const char *name)
{
    struct passwd *p;
    setpwent();
    while ((p = getpwent()) && strcmp(p->pw_name, name))
        ;
    endpwent();
    return p;
}

struct passwd *getpwuid(uid_t uid)
{
    struct passwd *p;
    setpwent();
    while ((p = getpwent()) && p->pw_uid != uid)
        ;
    endpwent();
    return p;
}

void setgrent(void)
{
    if (grf)
        rewind(grf);
}

void endgrent(void)
{
    if (grf)
        fclose(grf);
    grf = NULL;
}

struct group *getgrent(void)
{
    if (!grf && !(grf = fopen("/etc/group", "re")))
        return NULL;
    ssize_t n;
    while ((n = getline(&grline, &grcap, grf)) > 0) {
        if (grline[n - 1] == '\n')
            grline[n - 1] = 0;
        char *list;
        if (!gr_fields(grline, &gr, &list))
            continue;
        char **m = realloc(members, (member_count(list) + 1) * sizeof *m);
        if (!m)
            return NULL;
        members = m;
        members_split(list, m);
        gr.gr_mem = m;
        return &gr;
    }
    return NULL;
}

struct group *getgrnam(const char *name)
{
    struct group *g;
    setgrent();
    while ((g = getgrent()) && strcmp(g->gr_name, name))
        ;
    endgrent();
    return g;
}

struct group *getgrgid(gid_t gid)
{
    struct group *g;
    setgrent();
    while ((g = getgrent()) && g->gr_gid != gid)
        ;
    endgrent();
    return g;
}

/* Calls take on each line of path (newline removed) until it returns nonzero: 1 stops,
 * -E stops with the error E.  Returns 0 or the error; a missing file is no error. */
static int scan(const char *path, int (*take)(char *, size_t, void *), void *arg)
{
    FILE *f = fopen(path, "re");
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    int r = 0;
    if (!f)
        return errno == ENOENT ? 0 : errno;
    while ((n = getline(&line, &cap, f)) > 0) {
        if (line[n - 1] == '\n')
            line[--n] = 0;
        if ((r = take(line, (size_t)n, arg)) != 0)
            break;
    }
    free(line);
    fclose(f);
    return r < 0 ? -r : 0;
}

/* The re-entrant lookups read the file with a stream of their own (no shared state) and
 * copy the matching line into the caller's buffer: ERANGE when it does not fit, 0 with
 * *res NULL when there is no match (or no file). */
struct lookup {
    const char *name;    /* or NULL: by id */
    unsigned id;
    void *ent;           /* struct passwd or struct group */
    char *buf;
    size_t size;
    int found;
};
#define REBASE(field) ((field) = q->buf + ((field) - line))

static int take_pw(char *line, size_t n, void *arg)
{
    struct lookup *q = arg;
    struct passwd *p = q->ent;
    if (!pw_fields(line, p) || (q->name ? strcmp(p->pw_name, q->name) != 0 : p->pw_uid != q->id))
        return 0;
    if (n + 1 > q->size)
        return -ERANGE;
    memcpy(q->buf, line, n + 1);
    REBASE(p->pw_name);
    REBASE(p->pw_passwd);
    REBASE(p->pw_gecos);
    REBASE(p->pw_dir);
    REBASE(p->pw_shell);
    return q->found = 1;
}

/* The line, then (aligned) the member pointers, in buf. */
static int take_gr(char *line, size_t n, void *arg)
{
    struct lookup *q = arg;
    struct group *g = q->ent;
    char *list;
    if (!gr_fields(line, g, &list) || (q->name ? strcmp(g->gr_name, q->name) != 0 : g->gr_gid != q->id))
        return 0;
    size_t at = (n + sizeof(char *)) / sizeof(char *) * sizeof(char *);   /* >= n + 1 */
    size_t cnt = member_count(list) + 1;
    uintptr_t mis = (uintptr_t)q->buf % sizeof(char *);
    size_t pad = mis ? sizeof(char *) - mis : 0, size = q->size;
    if (size < pad || (size - pad) / sizeof(char *) < cnt || size - pad - cnt * sizeof(char *) < at)
        return -ERANGE;
    memcpy(q->buf, line, n + 1);
    REBASE(g->gr_name);
    REBASE(g->gr_passwd);
    REBASE(list);
    g->gr_mem = (char **)(void *)(q->buf + pad + at);
    members_split(list, g->gr_mem);
    return q->found = 1;
}

/* 0 or the error; *found whether ent was filled. */
static int lookup(const char *path, int (*take)(char *, size_t, void *), const char *name, unsigned id,
                  void *ent, char *buf, size_t size, int *found)
{
    struct lookup q = { name, id, ent, buf, size, 0 };
    int err = scan(path, take, &q);
    *found = q.found;
    return err;
}

int getpwnam_r(const char *name, struct passwd *p, char *buf, size_t size, struct passwd **res)
{
    int found, err = lookup("/etc/passwd", take_pw, name, 0, p, buf, size, &found);
    *res = found ? p : NULL;
    return err;
}

int getpwuid_r(uid_t uid, struct passwd *p, char *buf, size_t size, struct passwd **res)
{
    int found, err = lookup("/etc/passwd", take_pw, NULL, uid, p, buf, size, &found);
    *res = found ? p : NULL;
    return err;
}

int getgrnam_r(const char *name, struct group *g, char *buf, size_t size, struct group **res)
{
    int found, err = lookup("/etc/group", take_gr, name, 0, g, buf, size, &found);
    *res = found ? g : NULL;
    return err;
}

int getgrgid_r(gid_t gid, struct group *g, char *buf, size_t size, struct group **res)
{
    int found, err = lookup("/etc/group", take_gr, NULL, gid, g, buf, size, &found);
    *res = found ? g : NULL;
    return err;
}

struct grouplist {
    const char *user;
    gid_t *groups;
    int max, cnt;
};

static int take_member(char *line, size_t n, void *arg)
{
    struct grouplist *l = arg;
    struct group g;
    char *list, *save, *t;
    (void)n;
    if (!gr_fields(line, &g, &list) || g.gr_gid == l->groups[0])
        return 0;
    for (t = strtok_r(list, ",", &save); t && strcmp(t, l->user); t = strtok_r(NULL, ",", &save))
        ;
    for (int i = 1; t && i < l->cnt && i < l->max; i++)
        if (l->groups[i] == g.gr_gid)
            t = NULL;
    if (t) {
        if (l->cnt < l->max)
            l->groups[l->cnt] = g.gr_gid;
        l->cnt++;
    }
    return 0;
}

/* group first, then every group of /etc/group that lists user (each gid once). */
int getgrouplist(const char *user, gid_t group, gid_t *groups, int *ngroups)
{
    gid_t first[1] = { group };
    struct grouplist l = { user, *ngroups > 0 ? groups : first, *ngroups, 1 };
    l.groups[0] = group;
    scan("/etc/group", take_member, &l);
    int fit = l.cnt <= *ngroups;
    *ngroups = l.cnt;
    return fit ? l.cnt : -1;
}

int initgroups(const char *user, gid_t group)
{
    gid_t small[64], *list = small;
    int n = 64;
    if (getgrouplist(user, group, list, &n) < 0) {
        list = malloc((size_t)n * sizeof *list);
        if (!list)
            return -1;
        getgrouplist(user, group, list, &n);
    }
    int r = setgroups((size_t)n, list);
    if (list != small)
        free(list);
    return r;
}
