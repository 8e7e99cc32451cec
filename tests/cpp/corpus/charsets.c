/* cpp-flags: -trigraphs */
/* Trigraphs, digraphs, UCN and UTF-8 identifiers (one identifier, two spellings). */
??=define T(x) ??< x ??>
T(1) ??( ??) ??! ??- ??' a??/
b "??/"" ??x
%:define D 1
D <% %> <: :> %:%: 
#define caf\u00e9 7
caf\u00e9 café \u00e9t\u00e9 L'\u00e9'
#define S(x) #x
S(caf\u00e9) S(\u00e9)
