#!/bin/sh
# Writes the man page of a ZettaLinux tool from the tool itself, the one source of its
# options: NAME from the first line of --version ("zl-TOOL (ZettaLinux) V — summary"),
# the rest from --help, verbatim.  Usage: mkman.sh TOOL-BINARY OUT.1
set -eu
bin=$1 out=$2
name=$(basename "$bin")
ver=$("$bin" --version | head -n 1)
case $ver in
"$name (ZettaLinux) "*) ;;
*) echo "mkman.sh: $name --version does not start with '$name (ZettaLinux) VERSION'" >&2; exit 1 ;;
esac
number=${ver#"$name (ZettaLinux) "}; number=${number%% *}
summary=${ver#*" — "}
[ "$summary" != "$ver" ] || summary="a ZettaLinux tool"
help=$("$bin" --help)
upper=$(printf '%s' "$name" | tr '[:lower:]' '[:upper:]')
tmp=$out.tmp
{
    printf '.TH %s 1 "" "ZettaLinux %s" "ZettaLinux tools"\n' "$upper" "$number"
    printf '.SH NAME\n%s \\- %s\n' "$name" "$summary"
    printf '.SH SYNOPSIS AND OPTIONS\n'
    printf 'The text of \\fB%s \\-\\-help\\fR:\n.PP\n.nf\n' "$name"
    # roff: a backslash is \e, a line starting with . or ' is protected by \&
    printf '%s\n' "$help" | sed -e 's/\\/\\e/g' -e "s/^\([.']\)/\\\\\&\1/"
    printf '.fi\n.SH VERSION\n%s\n' "$ver"
    printf '.SH SEE ALSO\nThe ZettaLinux documentation (docs/ in the source tree).\n'
} > "$tmp"
mv "$tmp" "$out"
