# bash completion for berthctl. The candidates come from berthctl itself
# (`berthctl __complete WORD...`): commands and options from its own parsers,
# application, unit, machine, model and cloud names from the store.
_berthctl() {
    local IFS=$'\n'
    local words=("${COMP_WORDS[@]:1:COMP_CWORD}")
    COMPREPLY=($("${COMP_WORDS[0]}" __complete "${words[@]}" 2>/dev/null))
}
complete -o default -F _berthctl berthctl
