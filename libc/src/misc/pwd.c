/* pwd/grp from the files /etc/passwd and /etc/group (no NSS). */
#include "zl_libc.h"
#include <pwd.h>
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
        char *f[7];
        if (split(pwline, f, 7) != 7)
            continue;
        pw.pw_name = f[0];
        pw.pw_passwd = f[1];
        pw.pw_uid = (uid_t)strtoul(f[2], NULL, 10);
        pw.pw_gid = (gid_t)strtoul(f[3], NULL, 10);
        pw.pw_gecos = f[4];
        pw.pw_dir = f[5];
        pw.pw_shell = f[6];
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
        char *f[4];
        if (split(grline, f, 4) != 4)
            continue;
        size_t cnt = 1;
        for (char *p = f[3]; *p; p++)
            cnt += *p == ',';
        char **m = realloc(members, (cnt + 1) * sizeof *m);
        if (!m)
            return NULL;
        members = m;
        size_t k = 0;
        if (*f[3]) {
            char *save, *t = strtok_r(f[3], ",", &save);
            while (t) {
                m[k++] = t;
                t = strtok_r(NULL, ",", &save);
            }
        }
        m[k] = NULL;
        gr.gr_name = f[0];
        gr.gr_passwd = f[1];
        gr.gr_gid = (gid_t)strtoul(f[2], NULL, 10);
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
