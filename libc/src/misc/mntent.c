/* <mntent.h>: mount tables (/etc/fstab, /proc/mounts) as fstab(5) writes them: six fields
 * separated by blanks, '#' comments, spaces and other characters escaped as \ooo. */
#include <mntent.h>
#include <stdlib.h>
#include <string.h>

FILE *setmntent(const char *path, const char *mode)
{
    return fopen(path, mode);
}

int endmntent(FILE *f)
{
    if (f)
        fclose(f);
    return 1;
}

/* The next blank-separated field of *s, its \ooo escapes decoded in place; NULL at the end. */
static char *field(char **s)
{
    char *p = *s + strspn(*s, " \t\n"), *start = p, *out = p;
    if (!*p)
        return NULL;
    while (*p && !strchr(" \t\n", *p)) {
        if (p[0] == '\\' && p[1] >= '0' && p[1] <= '3' && p[2] >= '0' && p[2] <= '7' && p[3] >= '0' &&
            p[3] <= '7') {
            *out++ = (char)((p[1] - '0') << 6 | (p[2] - '0') << 3 | (p[3] - '0'));
            p += 4;
        } else
            *out++ = *p++;
    }
    if (*p)
        p++;
    *out = 0;
    *s = p;
    return start;
}

/* Lines longer than the buffer are skipped whole; so are comments and blank lines. */
struct mntent *getmntent_r(FILE *f, struct mntent *m, char *buf, int size)
{
    while (fgets(buf, size, f)) {
        size_t n = strlen(buf);
        if (n && buf[n - 1] != '\n' && !feof(f)) {
            int c;
            while ((c = getc(f)) != EOF && c != '\n')
                ;
            continue;
        }
        char *s = buf + strspn(buf, " \t");
        if (*s == '#' || *s == '\n' || !*s)
            continue;
        char *freq, *pass;
        if (!(m->mnt_fsname = field(&s)) || !(m->mnt_dir = field(&s)))
            continue;
        if (!(m->mnt_type = field(&s)))
            m->mnt_type = "";
        if (!(m->mnt_opts = field(&s)))
            m->mnt_opts = "";
        freq = field(&s);
        pass = freq ? field(&s) : NULL;
        m->mnt_freq = freq ? atoi(freq) : 0;
        m->mnt_passno = pass ? atoi(pass) : 0;
        return m;
    }
    return NULL;
}

struct mntent *getmntent(FILE *f)
{
    static struct mntent m;
    static char buf[4096];
    return getmntent_r(f, &m, buf, sizeof buf);
}

/* Writes s with blanks, tabs, newlines and backslashes as \ooo. */
static int put_escaped(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (strchr(" \t\n\\", *s)) {
            if (fprintf(f, "\\%03o", (unsigned char)*s) < 0)
                return -1;
        } else if (putc(*s, f) == EOF)
            return -1;
    }
    return 0;
}

/* Appends an entry at the end of the file; 0 on success, 1 on error (as glibc and musl). */
int addmntent(FILE *f, const struct mntent *m)
{
    if (fseek(f, 0, SEEK_END) < 0)
        return 1;
    const char *fs[4] = { m->mnt_fsname, m->mnt_dir, m->mnt_type, m->mnt_opts };
    for (int i = 0; i < 4; i++)
        if (put_escaped(f, fs[i]) < 0 || putc(' ', f) == EOF)
            return 1;
    return fprintf(f, "%d %d\n", m->mnt_freq, m->mnt_passno) < 0 || fflush(f) ? 1 : 0;
}

/* The option opt in mnt_opts ("opt" or "opt=value", between commas), or NULL. */
char *hasmntopt(const struct mntent *m, const char *opt)
{
    size_t n = strlen(opt);
    char *p = m->mnt_opts;
    while (p && *p) {
        if (!strncmp(p, opt, n) && (p[n] == 0 || p[n] == ',' || p[n] == '='))
            return p;
        p = strchr(p, ',');
        if (p)
            p++;
    }
    return NULL;
}
