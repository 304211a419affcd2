// Package patterns spells bash's pattern features that interp's matcher
// lacks in terms it knows: matching without regard to case (shopt
// nocasematch), collating symbols and equivalence classes in bracket
// expressions, and the quoted parts of the right side of [[ =~ ]]. It
// only rewrites strings and words; the engine decides when. For
// pathname expansion with extended operators (shopt extglob), which
// interp's regular expressions cannot say (!( ) between wildcards), it
// has a matcher and a directory walker of its own (Compile, Glob).
package patterns
