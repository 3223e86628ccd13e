# bash completion for referee(1): options, the check, gen and merge subcommands, the
# built-in ruleset names (asked of the program itself), and file names.
# Installed as share/bash-completion/completions/referee.

_referee_rulesets() {
  local names
  names=$("${COMP_WORDS[0]}" --list-rules 2>/dev/null | cut -d' ' -f1)
  COMPREPLY=($(compgen -W "$names" -- "$1"))
  # a path to a ruleset of one's own
  COMPREPLY+=($(compgen -f -X '!*.yaml' -- "$1") $(compgen -d -S / -- "$1"))
}

_referee() {
  local cur prev sub i
  cur=${COMP_WORDS[COMP_CWORD]}
  prev=${COMP_WORDS[COMP_CWORD - 1]}
  sub=
  for ((i = 1; i < COMP_CWORD; i++)); do
    case ${COMP_WORDS[i]} in
      check | gen | merge) sub=${COMP_WORDS[i]}; break ;;
      -*) ;;
      *) break ;;
    esac
  done

  case $prev in
    --rules | --variant) _referee_rulesets "$cur"; return ;;
    --color) COMPREPLY=($(compgen -W "auto always never" -- "$cur")); return ;;
    --lang) COMPREPLY=($(compgen -W "en fr" -- "$cur")); return ;;
    --junit | --html | --files0-from) COMPREPLY=($(compgen -f -- "$cur")); return ;;
    --at | --jobs | -j | --players | --seed | --games | --hands | --part-size | --shard | --origin | --run-id) return ;;
  esac

  local common="--json --html --explain --at --keep-going --rules --color --lang --jobs
    --part-size --junit --tap
    --shard --run-id --files0-from --origin --stats --quiet --parse-only --list-rules --list-keys --help --version --"
  case $sub in
    gen)
      COMPREPLY=($(compgen -W "--variant --rules --players --seed --games --hands --expect
        --stats --help" -- "$cur"))
      return ;;
    merge)
      if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "--json --tap --junit" -- "$cur"))
      else
        COMPREPLY=($(compgen -f -X '!*.jsonl' -- "$cur") $(compgen -d -S / -- "$cur"))
      fi
      return ;;
    check)
      if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "--coverage $common" -- "$cur"))
      else
        COMPREPLY=($(compgen -f -X '!*.cgr' -- "$cur") $(compgen -d -S / -- "$cur"))
      fi
      return ;;
  esac
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$common" -- "$cur"))
  elif [[ $COMP_CWORD -eq 1 ]]; then
    COMPREPLY=($(compgen -W "check gen merge" -- "$cur") $(compgen -f -X '!*.cgr' -- "$cur")
      $(compgen -d -S / -- "$cur"))
  else
    COMPREPLY=($(compgen -f -X '!*.cgr' -- "$cur") $(compgen -d -S / -- "$cur"))
  fi
}
complete -o filenames -F _referee referee
